package nnue

// Tests of output buckets: the file form of a bucketed net, the bytes of
// a net of one bucket, and the choice of bucket.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"io/fs"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// bucketOf returns bucket b of n as a net of one bucket: the same
// transformer, that bucket's output weights and bias.
func bucketOf(n *Net, b int) *Net {
	m := *n
	m.Buckets = 1
	m.Out = append([]int16(nil), n.OutOf(b)...)
	m.OutBias = []int32{n.OutBias[b]}
	return &m
}

func TestBucketOf(t *testing.T) {
	for _, c := range []struct{ pieces, buckets, want int }{
		{1, 1, 0}, {28, 1, 0}, {40, 1, 0},
		{1, 4, 0}, {4, 4, 0}, {5, 4, 1}, {8, 4, 1}, {9, 4, 2}, {12, 4, 2}, {13, 4, 3}, {28, 4, 3},
		{28, 8, 6}, {29, 8, 7}, {40, 8, 7}, {40, 16, 9}, {64, 16, 15}, {65, 16, 15}, {80, 16, 15},
	} {
		if got := BucketOf(c.pieces, c.buckets); got != c.want {
			t.Errorf("BucketOf(%d, %d) = %d, want %d", c.pieces, c.buckets, got, c.want)
		}
	}
}

// A bucketed net round-trips through its file byte for byte, on every
// board, in architecture 2 with its bucket count after the hidden size.
func TestBucketedFileRoundTrip(t *testing.T) {
	for _, v := range game.Variants() {
		for _, buckets := range []int{2, 4, MaxBuckets} {
			n := RandomBucketed(v, uint64(buckets), 32, buckets)
			data, err := Encode(n)
			if err != nil {
				t.Fatalf("%s, %d buckets: %v", v, buckets, err)
			}
			if arch, b := binary.LittleEndian.Uint32(data[12:]), binary.LittleEndian.Uint32(data[20:]); arch != ArchitectureBuckets|uint32(v)<<8 || b != uint32(buckets) {
				t.Errorf("%s, %d buckets: architecture word %#x, buckets %d", v, buckets, arch, b)
			}
			m, err := Load(data)
			if err != nil {
				t.Fatalf("%s, %d buckets: %v", v, buckets, err)
			}
			if m.Buckets != buckets || m.Variant != v || m.Name != FileName(data) || m.Name != n.Name {
				t.Errorf("%s, %d buckets: loaded %d buckets of %s named %s", v, buckets, m.Buckets, m.Variant, m.Name)
			}
			if again, _ := Encode(m); !bytes.Equal(again, data) {
				t.Errorf("%s, %d buckets: the net does not round-trip", v, buckets)
			}
			for pieces := 1; pieces <= 40; pieces += 3 {
				fs := make([]Feature, pieces)
				for i := range fs {
					fs[i] = Feature(i * 2)
				}
				if m.RawOutput(fs, fs) != n.RawOutput(fs, fs) {
					t.Fatalf("%s, %d buckets: the loaded net evaluates %d pieces differently", v, buckets, pieces)
				}
			}
		}
	}
}

// Load refuses a bucketed file cut short, with a bucket count out of
// range (each with a valid checksum), or whose twins differ in a bucket
// other than the first.
func TestLoadRefusesBadBuckets(t *testing.T) {
	const h, buckets = 32, 4
	n := RandomBucketed(game.Camelot, 21, h, buckets)
	good, err := Encode(n)
	if err != nil {
		t.Fatal(err)
	}
	resum := func(b []byte) []byte {
		body := b[:len(b)-sha256.Size]
		sum := sha256.Sum256(body)
		return append(append([]byte(nil), body...), sum[:]...)
	}
	withBuckets := func(b uint32) []byte {
		d := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(d[20:], b)
		return resum(d)
	}
	cut := func(k int) []byte { // the payload short of its last k bytes, the checksum right
		body := append([]byte(nil), good[:len(good)-sha256.Size-k]...)
		sum := sha256.Sum256(body)
		return append(body, sum[:]...)
	}
	payload := 2*(n.Board().Inputs()*h+h+2*h*buckets) + 4*buckets
	untied := append([]byte(nil), good...)
	// Bucket 2's weight of the other side's unit 7, not its twin's.
	untied[len(good)-sha256.Size-payload+2*(n.Board().Inputs()*h+h+2*h*2+h+7)]++
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"no buckets", withBuckets(0), "output buckets 0: want 2 to 16"},
		{"one bucket in architecture 2", withBuckets(1), "output buckets 1: want 2 to 16 (a net of one bucket is architecture 1)"},
		{"17 buckets", withBuckets(17), "output buckets 17: want 2 to 16"},
		{"huge bucket count", withBuckets(1 << 31), "output buckets 2147483648: want 2 to 16"},
		{"other bucket count", withBuckets(3), "payload of"},
		{"cut in the bucket count", cut(len(good) - sha256.Size - 22), "truncated"},
		{"cut in half", good[:len(good)/2], "truncated"},
		{"cut in the output biases", cut(6), "truncated"},
		{"without an output bias", cut(4), "truncated"},
		{"not mirror twins", resum(untied), "not mirror twins (their output weights of bucket 2 differ)"},
	}
	for _, c := range cases {
		m, err := Load(c.data)
		if err == nil || m != nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", c.name, err, c.want)
		}
	}
	bad := *n
	bad.Buckets = MaxBuckets + 1
	if _, err := Encode(&bad); err == nil || !strings.Contains(err.Error(), "output buckets 17: want 1 to 16") {
		t.Errorf("Encode of 17 buckets: %v", err)
	}
	bad.Buckets = 3
	if _, err := Encode(&bad); err == nil || !strings.Contains(err.Error(), "layer sizes") {
		t.Errorf("Encode of 3 buckets' count with 4 buckets' weights: %v", err)
	}
}

// The nets built into the binary encode to the very bytes of their
// files: a net of one bucket (Cam's, Chivalry's, River's) is written as
// before there were buckets, so its file and its name do not change; a
// bucketed one (Camelot's net 4) as architecture 2.
func TestOneBucketEncodesAsBefore(t *testing.T) {
	names, err := fs.Glob(defaultFiles, "default/*.nnue")
	if err != nil || len(names) == 0 {
		t.Fatalf("no built-in nets: %v", err)
	}
	oneBucket := 0
	for _, name := range names {
		data, err := fs.ReadFile(defaultFiles, name)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Load(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := uint32(Architecture)
		if n.Buckets > 1 {
			want = ArchitectureBuckets
		} else {
			oneBucket++
		}
		if binary.LittleEndian.Uint32(data[12:])&0xff != want || len(n.OutBias) != n.Buckets {
			t.Errorf("%s: architecture word %#x, %d buckets", name, binary.LittleEndian.Uint32(data[12:]), n.Buckets)
		}
		again, err := Encode(n)
		if err != nil || !bytes.Equal(again, data) || FileName(again) != n.Name {
			t.Errorf("%s: encodes to %d other bytes (%v)", name, len(again), err)
		}
	}
	if oneBucket == 0 {
		t.Error("no built-in net of one bucket to show its form unchanged")
	}
}

// A bucketed net scores each feature list with the bucket of its length,
// as a net of one bucket holding that bucket's weights does; buckets
// that differ give different outputs.
func TestBucketChoosesOutput(t *testing.T) {
	const buckets = 5
	n := RandomBucketed(game.Camelot, 31, 64, buckets)
	single := make([]*Net, buckets)
	for b := range single {
		single[b] = bucketOf(n, b)
		if err := single[b].check(); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[int]bool{}
	for pieces := 1; pieces <= 28; pieces++ {
		us, them := make([]Feature, pieces), make([]Feature, pieces)
		for i := range us {
			us[i], them[i] = Feature(i*23%640), Feature((i*37+5)%640)
		}
		b := BucketOf(pieces, buckets)
		seen[b] = true
		got := n.RawOutput(us, them)
		if want := single[b].RawOutput(us, them); got != want {
			t.Errorf("%d pieces: %d, bucket %d alone %d", pieces, got, b, want)
		}
		for o := range single {
			if o != b && single[o].RawOutput(us, them) == got {
				t.Errorf("%d pieces: bucket %d alone scores as bucket %d, the chosen one", pieces, o, b)
			}
		}
	}
	if len(seen) != buckets {
		t.Errorf("buckets used: %v", seen)
	}
}
