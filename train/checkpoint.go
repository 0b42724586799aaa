package train

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/nnue"
)

// A checkpoint is a run's state after an epoch: enough to go on exactly
// as if the run had never stopped. Little-endian:
//
//	magic     8 bytes "CMLTCKPT"
//	version   uint32  checkpointVersion
//	settings  uint32 length, then the run's fingerprint (Config.fingerprint)
//	epoch     uint32  epochs done
//	steps     uint64  Adam steps taken
//	hidden    uint32  H
//	buckets   uint32  B, the output buckets
//	params    uint32 count n, then n float32 weights, n first and n second moments
//	checksum  SHA-256 of every byte before it
type checkpoint struct {
	settings string
	epoch    int
	model    *Model
	opt      *adam
}

const (
	checkpointMagic   = "CMLTCKPT"
	checkpointVersion = 2 // version 1 had no output buckets
)

// writeCheckpoint writes c to a temporary file beside path, syncs it and
// renames it into place, so path holds either the previous checkpoint
// or this one, whole, whenever the run stops.
func writeCheckpoint(path string, c *checkpoint) error {
	var b bytes.Buffer
	b.WriteString(checkpointMagic)
	put := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	put(uint32(checkpointVersion))
	put(uint32(len(c.settings)))
	b.WriteString(c.settings)
	put(uint32(c.epoch))
	put(uint64(c.opt.steps))
	put(uint32(c.model.Hidden))
	put(uint32(c.model.Buckets))
	put(uint32(len(c.model.Params)))
	put(c.model.Params)
	put(c.opt.m)
	put(c.opt.v)
	sum := sha256.Sum256(b.Bytes())
	b.Write(sum[:])
	return atomicfile.Write(path, b.Bytes())
}

// readCheckpoint reads the checkpoint at path; nil, nil when there is
// none.
func readCheckpoint(path string, v game.Variant) (*checkpoint, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	damaged := func(why string) error {
		return fmt.Errorf("checkpoint %s is damaged (%s); delete it to start afresh", path, why)
	}
	if len(data) < len(checkpointMagic)+sha256.Size || string(data[:len(checkpointMagic)]) != checkpointMagic {
		return nil, fmt.Errorf("%s is not a checkpoint of camelot train; delete it or give another -checkpoint", path)
	}
	body := data[:len(data)-sha256.Size]
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], data[len(body):]) {
		return nil, damaged("checksum mismatch")
	}
	r := bytes.NewReader(body[len(checkpointMagic):])
	get := func(v any) bool { return binary.Read(r, binary.LittleEndian, v) == nil }
	var version, settingsLen, epoch, hidden, buckets, n uint32
	var steps uint64
	if !get(&version) || version != checkpointVersion {
		return nil, fmt.Errorf("checkpoint %s is of version %d, this build reads version %d; delete it to start afresh", path, version, checkpointVersion)
	}
	if !get(&settingsLen) || int64(settingsLen) > int64(r.Len()) {
		return nil, damaged("truncated")
	}
	settings := make([]byte, settingsLen)
	if _, err := r.Read(settings); err != nil && settingsLen > 0 {
		return nil, damaged("truncated")
	}
	if !get(&epoch) || !get(&steps) || !get(&hidden) || !get(&buckets) || !get(&n) || int64(n)*12 != int64(r.Len()) ||
		hidden == 0 || buckets == 0 || buckets > nnue.MaxBuckets ||
		int64(n) != int64(layoutOf(v).rows(int(buckets)))*int64(hidden)+int64(buckets) || steps > math.MaxInt32 {
		return nil, damaged("sizes do not add up")
	}
	c := &checkpoint{settings: string(settings), epoch: int(epoch),
		model: &Model{Variant: v, Hidden: int(hidden), Buckets: int(buckets), Params: make([]float32, n)}, opt: newAdam(int(n))}
	c.opt.steps = int(steps)
	if !get(c.model.Params) || !get(c.opt.m) || !get(c.opt.v) {
		return nil, damaged("truncated")
	}
	return c, nil
}

// settingsDiffer returns the first line in which a checkpoint's
// fingerprint and this run's differ, as "key was A, is B".
func settingsDiffer(old, now string) string {
	a, b := strings.Split(old, "\n"), strings.Split(now, "\n")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			switch {
			case x == "":
				return fmt.Sprintf("it lacks %q", y)
			case y == "":
				return fmt.Sprintf("it has %q, this run not", x)
			}
			return fmt.Sprintf("it has %q, this run %q", x, y)
		}
	}
	return ""
}
