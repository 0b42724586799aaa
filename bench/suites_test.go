package bench

import (
	"flag"
	"os"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// writeSuites remakes the suites of Cam, Camette and Chivalry from
// self-play (MakeSuite):
//
//	go test ./bench -run TestWriteVariantSuites -write-suites
//
// The files are data: remaking them changes those variants' signatures,
// and with another engine the games, so it is done only on purpose.
var writeSuites = flag.Bool("write-suites", false, "remake positions-cam.txt, positions-camette.txt and positions-chivalry.txt from self-play")

func TestWriteVariantSuites(t *testing.T) {
	if !*writeSuites {
		t.Skip("remakes the suites only with -write-suites")
	}
	for v, file := range map[game.Variant]string{game.Cam: "positions-cam.txt", game.Camette: "positions-camette.txt", game.Chivalry: "positions-chivalry.txt"} {
		if err := os.WriteFile(file, []byte(MakeSuite(v, "go test ./bench -run TestWriteVariantSuites -write-suites")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
