package record

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

func readOpeningsFile(t *testing.T, name string) []Opening {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "openings", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	openings, err := ReadOpenings(f)
	if err != nil {
		t.Fatal(err)
	}
	return openings
}

// TestOpeningsCFENFile reads the CFEN lines of the positions after each of
// White's first moves; each line's comment names the move.
func TestOpeningsCFENFile(t *testing.T) {
	openings := readOpeningsFile(t, "first-moves.cfen")
	data, err := os.ReadFile(filepath.Join("..", "testdata", "openings", "first-moves.cfen"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	start := boards.StartPosition(Camelot)
	first := start.Moves()
	if len(openings) != len(first) {
		t.Fatalf("%d openings, want one for each of White's %d first moves", len(openings), len(first))
	}
	seen := map[string]bool{}
	for i, o := range openings {
		if want := strconv.Itoa(i + 4); o.Name != want || len(o.Moves) != 0 {
			t.Errorf("opening %d: name %q, %d moves; want the line number %s and no moves", i, o.Name, len(o.Moves), want)
		}
		_, text, _ := strings.Cut(lines[i+3], "# ")
		m, err := start.ParseMove(text)
		if err != nil {
			t.Fatalf("line %d: %v", i+4, err)
		}
		p := start
		p.MakeMove(m)
		if o.Position().CFEN() != p.CFEN() || o.Start.CFEN() != p.CFEN() {
			t.Errorf("line %d: opening %s, want the position after %s: %s", i+4, o.Start.CFEN(), text, p.CFEN())
		}
		seen[p.CFEN()] = true
	}
	if len(seen) != len(first) {
		t.Errorf("%d different positions, want %d", len(seen), len(first))
	}
}

// TestOpeningsGameFile reads openings given as games.
func TestOpeningsGameFile(t *testing.T) {
	openings := readOpeningsFile(t, "wcf-games.pgn")
	want := []struct {
		name  string
		plies int
		cfen  string
	}{
		{"WCF Camelot World Championship 2008-2009, round 4", 4,
			"2/8/10/12/6n5/2nmmmmm1n2/3nmmmm4/6m5/6M2M2/3NMMMMN3/2NM1MM1MN2/12/12/10/8/2 w 0/0 4 3"},
		{"Michael Nolan - Chaxx 1.05", 4,
			"2/8/10/12/12/2nmm1m1mn2/3nmmmmn3/5m1m4/4MM6/3NMMMMN3/2NM1MM1MN2/12/12/10/8/2 w 0/0 4 3"},
		{"game 3", 2,
			"2/8/10/12/12/2nmmmmm1n2/3nmmmmn3/6m5/6M2M2/3NMMMMN3/2NM1MM1MN2/12/12/10/8/2 b 0/0 3 2"},
	}
	if len(openings) != len(want) {
		t.Fatalf("%d openings, want %d", len(openings), len(want))
	}
	for i, w := range want {
		o := openings[i]
		p := o.Position()
		if o.Name != w.name || len(o.Moves) != w.plies || p.CFEN() != w.cfen {
			t.Errorf("opening %d: %q, %d plies, %s; want %+v", i+1, o.Name, len(o.Moves), p.CFEN(), w)
		}
	}
	if openings[2].Start.Side() != game.Black {
		t.Errorf("opening 3 starts with %s to move", openings[2].Start.Side())
	}
}

func TestReadOpenings(t *testing.T) {
	const (
		a = "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w"
		b = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1"
	)
	// CFEN lines: comments, blank lines, fields left out.
	openings, err := ReadOpenings(strings.NewReader("\uFEFF# openings\n\n" + a + "   # the example of R10\n  " + b + "\r\n#\n"))
	if err != nil {
		t.Fatal(err)
	}
	p0, p1 := openings[0].Position(), openings[1].Position()
	if len(openings) != 2 || openings[0].Name != "3" || openings[1].Name != "4" ||
		p0.CFEN() != a+" 0/0 0 1" || p1.CFEN() != b {
		t.Errorf("openings %+v", openings)
	}

	// Games, told by a first line that is a comment, a move number or a
	// result; the tag-less games are named by their number.
	for _, text := range []string{
		"; openings\n1. E6-G8 *\n1. E6-E8 I11-G9 1-0\n",
		"# a comment line first\n\n1. E6-G8 *\n1. E6-E8 I11-G9 1-0\n",
		"{a comment}\n1. E6-G8 *\n1. E6-E8 I11-G9 1-0\n",
		"% escape\n1.E6-G8 *\n1. E6-E8 I11-G9 1-0\n",
	} {
		openings, err := ReadOpenings(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if len(openings) != 2 || openings[0].Name != "game 1" || openings[1].Name != "game 2" ||
			len(openings[0].Moves) != 1 || len(openings[1].Moves) != 2 {
			t.Errorf("%q: openings %+v", text, openings)
		}
	}
	openings, err = ReadOpenings(strings.NewReader("*\n\n[Round \"7\"]\n*\n"))
	if err != nil || len(openings) != 2 || openings[1].Name != "round 7" || openings[0].Position().CFEN() != game.StartCFEN {
		t.Errorf("openings %+v, %v", openings, err)
	}

	// Nothing to read.
	for _, text := range []string{"", "# only a comment\n\n"} {
		if openings, err := ReadOpenings(strings.NewReader(text)); err != nil || len(openings) != 0 {
			t.Errorf("%q: %d openings, %v", text, len(openings), err)
		}
	}

	// Errors name the line.
	_, err = ReadOpenings(strings.NewReader("# openings\n" + a + "\n" + strings.Replace(b, " b ", " x ", 1) + "\n"))
	wantError(t, err, "record: line 3: CFEN field 2 (side to move)")
	_, err = ReadOpenings(strings.NewReader("[Event \"x\"]\n\n1. E6-G8 I11-G9 2. E6-E8 *\n"))
	wantError(t, err, "game 1, line 3:", "move 2. E6-E8")
}
