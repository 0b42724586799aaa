package bench

import (
	"flag"
	"os"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// writeSuites remakes the suites of the variants from
// self-play (MakeSuite):
//
//	go test ./bench -run TestWriteVariantSuites -write-suites
//
// The files are data: remaking them changes those variants' signatures,
// and with another engine the games, so it is done only on purpose.
var writeSuites = flag.Bool("write-suites", false, "remake the suites of the variants (positions-NAME.txt) from self-play")

// onlySuite, with -write-suites, remakes one variant's suite alone.
var onlySuite = flag.String("suite", "", "with -write-suites: the one variant whose suite to remake (default: all but Camelot's)")

func TestWriteVariantSuites(t *testing.T) {
	if !*writeSuites {
		t.Skip("remakes the suites only with -write-suites")
	}
	for _, v := range game.Variants() {
		if v == game.Camelot || *onlySuite != "" && v.String() != *onlySuite {
			continue
		}
		if err := os.WriteFile(SuiteFile(v), []byte(MakeSuite(v, "go test ./bench -run TestWriteVariantSuites -write-suites")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
