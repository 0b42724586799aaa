package nnue

// FuzzLoad feeds arbitrary bytes to Load. It may not panic; a file it
// accepts encodes back to the same bytes. Each input is also tried with its
// checksum made right, so that the fuzzer reaches the fields behind it. The
// seed corpus, testdata/fuzz/FuzzLoad, holds file heads (a whole net is too
// big for the fuzzer to mutate quickly; TestFileRoundTrip and
// TestLoadRefusesDamage cover whole files). Run with
//
//	go test -run '^$' -fuzz '^FuzzLoad$' -fuzztime 60s ./nnue/

import (
	"bytes"
	"crypto/sha256"
	"testing"
)

func FuzzLoad(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		try := func(data []byte) {
			n, err := Load(data)
			if err != nil {
				if n != nil {
					t.Fatalf("Load returned a net with the error %v", err)
				}
				return
			}
			back, err := Encode(n)
			if err != nil || !bytes.Equal(back, data) {
				t.Fatalf("an accepted file encodes to %d other bytes (%v)", len(back), err)
			}
		}
		try(data)
		if len(data) >= len(magic)+sha256.Size {
			sealed := append([]byte(nil), data[:len(data)-sha256.Size]...)
			sum := sha256.Sum256(sealed)
			try(append(sealed, sum[:]...))
		}
	})
}
