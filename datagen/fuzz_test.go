package datagen

// FuzzScan feeds arbitrary text to Scan. It may not panic; an error names
// the file and a line; every record it accepts prints as a line that reads
// back to the same record. The seed corpus is testdata/fuzz/FuzzScan. Run
// with
//
//	go test -run '^$' -fuzz '^FuzzScan$' -fuzztime 60s ./datagen/

import (
	"strings"
	"testing"
)

func FuzzScan(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		err := Scan(strings.NewReader(text), "f.txt", func(r Record) error {
			back, err := ParseLine(r.String())
			if err != nil || back.Pos.CFEN() != r.Pos.CFEN() || back.Pos.Key() != r.Pos.Key() || back.Score != r.Score || back.Result != r.Result {
				t.Fatalf("%q reads back as %+v, %v", r.String(), back, err)
			}
			return nil
		})
		if err != nil && !strings.HasPrefix(err.Error(), "f.txt:") {
			t.Fatalf("error %q does not name the file and line", err)
		}
	})
}
