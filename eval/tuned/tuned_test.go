package tuned

import (
	"os"
	"path"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/game"
)

// TestFiles: every variant's table, where there is one, is registered by
// the file File names (so `camelot tune` rewrites the file that holds
// it), and every file of the folder registers one table.
func TestFiles(t *testing.T) {
	if Of(game.Camelot) == nil {
		t.Fatal("Camelot has no table")
	}
	if Of(255) != nil {
		t.Error("an unknown variant has a table")
	}
	if ap := Of(game.Camelot.WithRules(game.AbstractPlay)); len(ap) == 0 || &ap[0] != &Of(game.Camelot)[0] {
		t.Error("Camelot under AbstractPlay's rules has not Camelot's table (V14)")
	}
	if got := File(game.AntiRiver); got != "eval/tuned/anti_river.go" {
		t.Errorf("File(AntiRiver) = %q", got)
	}
	tables := 0
	for _, v := range game.Variants() {
		_, err := os.Stat(path.Base(File(v)))
		switch {
		case Of(v) != nil && err != nil:
			t.Errorf("%s has a table but no file %s", v, File(v))
		case Of(v) == nil && err == nil:
			t.Errorf("%s has a file %s but no table", v, File(v))
		case Of(v) != nil:
			tables++
		}
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for _, e := range entries {
		if n := e.Name(); path.Ext(n) == ".go" && n != "tuned.go" && !strings.HasSuffix(n, "_test.go") {
			files++
		}
	}
	if files != tables {
		t.Errorf("%d table files, %d tables", files, tables)
	}
}
