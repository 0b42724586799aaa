package bench

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/camelot-engine/camelot/internal/wide/movegen"
)

// writeSuites remakes Chivalry's suite, bench/positions-chivalry.txt of
// the module (this package's copy follows with go generate ./movegen):
//
//	go test ./internal/wide/bench -run TestWriteVariantSuites -write-suites
var writeSuites = flag.Bool("write-suites", false, "remake bench/positions-chivalry.txt from self-play")

func TestWriteVariantSuites(t *testing.T) {
	if !*writeSuites {
		t.Skip("remakes the suite only with -write-suites")
	}
	file := filepath.Join("..", "..", "..", "bench", "positions-chivalry.txt")
	if err := os.WriteFile(file, []byte(MakeSuite(movegen.Chivalry, "go test ./internal/wide/bench -run TestWriteVariantSuites -write-suites")), 0o644); err != nil {
		t.Fatal(err)
	}
}
