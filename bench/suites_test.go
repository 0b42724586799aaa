package bench

import (
	"flag"
	"os"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// writeSuites remakes the suites of Cam and Camette from self-play
// (MakeSuite):
//
//	go test ./bench -run TestWriteVariantSuites -write-suites
//
// Chivalry's is remade by internal/wide/bench's test of the same name.
// The files are data: remaking them changes those variants' signatures,
// and with another engine the games, so it is done only on purpose.
var writeSuites = flag.Bool("write-suites", false, "remake positions-cam.txt and positions-camette.txt from self-play")

func TestWriteVariantSuites(t *testing.T) {
	if !*writeSuites {
		t.Skip("remakes the suites only with -write-suites")
	}
	for v, file := range map[movegen.Variant]string{movegen.Cam: "positions-cam.txt", movegen.Camette: "positions-camette.txt"} {
		if err := os.WriteFile(file, []byte(MakeSuite(v, "go test ./bench -run TestWriteVariantSuites -write-suites")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
