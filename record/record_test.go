package record

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// sameGame reports how two games differ: tags, start position, moves,
// comments or result. Move texts are not compared: a written game has
// canonical texts.
func sameGame(a, b *Game) error {
	if !reflect.DeepEqual(a.Tags, b.Tags) {
		return fmt.Errorf("tags differ:\n%q\n%q", a.Tags, b.Tags)
	}
	if a.Variant != b.Variant {
		return fmt.Errorf("variants differ: %s, %s", a.Variant, b.Variant)
	}
	if a.Start.IsZero() != b.Start.IsZero() || !a.Start.IsZero() && (a.Start.CFEN() != b.Start.CFEN() || a.Start.Key() != b.Start.Key()) {
		return fmt.Errorf("start positions differ: %s, %s", a.Start.CFEN(), b.Start.CFEN())
	}
	if len(a.Moves) != len(b.Moves) {
		return fmt.Errorf("%d moves, %d moves", len(a.Moves), len(b.Moves))
	}
	for i := range a.Moves {
		if a.Moves[i].Move != b.Moves[i].Move || a.Moves[i].Comment != b.Moves[i].Comment {
			return fmt.Errorf("ply %d differs: %+v, %+v", i+1, a.Moves[i], b.Moves[i])
		}
	}
	if a.Result != b.Result {
		return fmt.Errorf("results differ: %q, %q", a.Result, b.Result)
	}
	return nil
}

// roundTrip writes each game, reads the text back and checks that the
// games are the same; then it checks that writing the games read back gives
// the same text again. It returns the written text.
func roundTrip(t *testing.T, games []*Game) string {
	t.Helper()
	var sb strings.Builder
	for _, g := range games {
		if err := Write(&sb, g); err != nil {
			t.Fatalf("Write: %v", err)
		}
	}
	text := sb.String()
	for i, line := range strings.Split(text, "\n") {
		// Only a tag, or a single word longer than a line, may be longer.
		if len(line) > lineWidth && !strings.HasPrefix(line, "[") && strings.Contains(line, " ") {
			t.Errorf("written line %d has %d columns: %q", i+1, len(line), line)
		}
	}
	back, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("reading the written text: %v\n%s", err, text)
	}
	if len(back) != len(games) {
		t.Fatalf("wrote %d games, read %d back", len(games), len(back))
	}
	var again strings.Builder
	for i := range games {
		if err := sameGame(games[i], back[i]); err != nil {
			t.Fatalf("game %d changed in writing and reading back: %v\n%s", i+1, err, text)
		}
		if err := Write(&again, back[i]); err != nil {
			t.Fatalf("Write: %v", err)
		}
	}
	if again.String() != text {
		t.Fatalf("writing the games read back changed the text:\n%s\n----\n%s", text, again.String())
	}
	return text
}

func readString(t *testing.T, text string) []*Game {
	t.Helper()
	games, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, text)
	}
	return games
}

func readOne(t *testing.T, text string) *Game {
	t.Helper()
	games := readString(t, text)
	if len(games) != 1 {
		t.Fatalf("read %d games, want 1", len(games))
	}
	return games[0]
}

func texts(g *Game) []string {
	var s []string
	for _, m := range g.Moves {
		s = append(s, m.Text)
	}
	return s
}

// recordFile reads a record of testdata/games in its plain form: "# Key:
// value" lines, lines "N. WHITE [BLACK]", and the result.
func recordFile(t *testing.T, name string) (header map[string]string, moves []string, result string) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "games", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	header = map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		fields := strings.Fields(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "#"):
			if k, v, ok := strings.Cut(strings.TrimSpace(line[1:]), ": "); ok {
				header[k] = v
			}
		case len(fields) == 1 && isResult(fields[0]):
			result = fields[0]
		case strings.HasSuffix(fields[0], ".") && len(fields) <= 3:
			moves = append(moves, fields[1:]...)
		default:
			t.Fatalf("%s: bad line %q", name, line)
		}
	}
	return header, moves, result
}

// TestNolanTroyka reads the record of game 4 of the 2009 WCF World
// Championship, checks it against the plain record it was made from,
// replays it, and writes and reads it back.
func TestNolanTroyka(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "games", "nolan-troyka-2009.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	g := readOne(t, string(data))
	wantTags := []Tag{
		{"Event", "WCF Camelot World Championship 2008-2009"},
		{"Site", "?"},
		{"Date", "2009.03.??"},
		{"Round", "4"},
		{"White", "Michael Nolan"},
		{"Black", "Dan Troyka"},
		{"Result", "1-0"},
	}
	if !reflect.DeepEqual(g.Tags, wantTags) {
		t.Errorf("tags %q, want %q", g.Tags, wantTags)
	}
	if g.Result != "1-0" || g.Start.CFEN() != game.StartCFEN {
		t.Errorf("result %q, start %s", g.Result, g.Start.CFEN())
	}
	_, plain, result := recordFile(t, "nolan-troyka-2009.txt")
	if got := texts(g); !reflect.DeepEqual(got, plain) || result != g.Result {
		t.Fatalf("moves %q %s\ndiffer from the plain record %q %s", got, g.Result, plain, result)
	}
	if len(g.Moves) != 59 {
		t.Fatalf("%d plies, want 59 (30 moves)", len(g.Moves))
	}
	// R8's example: White's tenth move, the Charge that lands on H10 twice.
	if m := g.Moves[18]; m.Text != "H6-F8xH10xH12xF12xH10" || m.Move.Captured.Count() != 4 {
		t.Errorf("ply 19: %+v", m)
	}

	mg, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	final := mg.Position()
	if got, want := final.CFEN(), "2/8/10/12/12/12/12/12/6N5/7M4/5n1N4/12/12/10/8/2 b 0/0 0 30"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
	if o := mg.Outcome(); o.IsOver() {
		t.Errorf("the game is over by the rules (%s), but Black resigned", o)
	}

	written := roundTrip(t, []*Game{g})
	// The file is as Write prints it, but for the move texts of the record:
	// Write prints the canonical route of move 10 (R3 (e)).
	canon := strings.Replace(string(data), "H6-F8xH10xH12xF12xH10", "H6-F8xH10xF12xH12xH10", 1)
	if written != canon {
		t.Errorf("written:\n%s\nwant:\n%s", written, canon)
	}
}

// TestChaxxNolan reads the 2008 record against Chaxx, made into the
// record format here. Its move 7 for Black, J11-F11-D11xF9, leaves out H11
// (R3).
func TestChaxxNolan(t *testing.T) {
	header, moves, result := recordFile(t, "chaxx-nolan-2008.txt")
	var sb strings.Builder
	for _, k := range []string{"Event", "White", "Black"} {
		fmt.Fprintf(&sb, "[%s %q]\n", k, header[k])
	}
	fmt.Fprintf(&sb, "[Date %q]\n[Result %q]\n\n", header["Date"]+".??.??", header["Result"])
	for i, m := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		}
		sb.WriteString(m)
		sb.WriteByte(' ')
		if i%6 == 5 {
			sb.WriteByte('\n')
		}
	}
	sb.WriteString(result + "\n")
	g := readOne(t, sb.String())

	if len(g.Moves) != 34 || g.Result != "0-1" || !reflect.DeepEqual(texts(g), moves) {
		t.Fatalf("read %d plies %q, result %s", len(g.Moves), texts(g), g.Result)
	}
	if g.Tag("Site") != "?" || g.Tag("Round") != "?" || g.Tag("Date") != "2008.??.??" || g.Tag("Black") != "Chaxx 1.05" {
		t.Errorf("tags %q", g.Tags)
	}
	mg, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	pos := mg.Start()
	for i, m := range mg.Moves() {
		if i == 13 {
			if got := pos.MoveText(m); g.Moves[i].Text != "J11-F11-D11xF9" || got != "J11-H11-F11-D11xF9" {
				t.Errorf("ply 14 written %s, read as %s; want J11-F11-D11xF9 read as J11-H11-F11-D11xF9", g.Moves[i].Text, got)
			}
		}
		pos.MakeMove(m)
	}
	final := mg.Position()
	if got, want := final.CFEN(), "2/8/10/12/5N6/7m4/12/2m9/5m6/12/12/12/12/10/8/2 w 0/0 0 18"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
	written := roundTrip(t, []*Game{g})
	if !strings.Contains(written, " J11-H11-F11-D11xF9") {
		t.Errorf("written text lacks the canonical J11-H11-F11-D11xF9:\n%s", written)
	}
}

func TestMultipleGames(t *testing.T) {
	const text = `[Event "First"]
[Result "1/2-1/2"]

1. E6-G8 I11-G9 1/2-1/2

[Event "Second"]
[White "A"]
[Black "B"]
[Result "*"]

*
1. E6-E8 H11-F9 2. H6-F8 0-1
[Event "Fourth"]
1. F6-F8 1-0`
	games := readString(t, text)
	if len(games) != 4 {
		t.Fatalf("read %d games, want 4", len(games))
	}
	for i, want := range []struct {
		event, result string
		plies         int
	}{{"First", "1/2-1/2", 2}, {"Second", "*", 0}, {"?", "0-1", 3}, {"Fourth", "1-0", 1}} {
		g := games[i]
		if g.Tag("Event") != want.event || g.Result != want.result || g.Tag("Result") != want.result || len(g.Moves) != want.plies {
			t.Errorf("game %d: event %q, result %q, %d plies; want %+v", i+1, g.Tag("Event"), g.Result, len(g.Moves), want)
		}
		if len(g.Tags) != 7 {
			t.Errorf("game %d: tags %q, want the seven-tag roster", i+1, g.Tags)
		}
	}
	if games[1].Tag("White") != "A" || games[2].Tag("Date") != "????.??.??" {
		t.Errorf("tags %q, %q", games[1].Tags, games[2].Tags)
	}
	written := roundTrip(t, games)
	if strings.Count(written, "\n\n[Event ") != 3 || !strings.HasSuffix(written, " 1-0\n\n") {
		t.Errorf("games not separated by a blank line:\n%s", written)
	}

	// An error in a later game names that game and the line in the file.
	_, err := Read(strings.NewReader(text + "\n\n[Event \"Fifth\"]\n\n1. E6-G8 I11-G9 2. E6-E8 *\n"))
	wantError(t, err, "game 5, line 18:", `move 2. E6-E8`)
	games, _ = Read(strings.NewReader(text + "\n\n[Event \"Fifth\"]\n\n1. E6-G8 I11-G9 2. E6-E8 *\n"))
	if len(games) != 4 {
		t.Errorf("with an error in game 5, Read returned %d games, want the 4 before it", len(games))
	}
}

// TestCFENStart reads games that start from a CFEN position (R5), with
// Black to move.
func TestCFENStart(t *testing.T) {
	const afterE6G8 = "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1 1"
	g := readOne(t, `[Event "From a position"]
[TimeControl "5+0.05"]
[CFEN "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 1"]
[Termination "abandoned"]

1... I11-G9 2. H6-J8 *`)
	if g.Start.CFEN() != afterE6G8 || g.Start.Side() != game.Black {
		t.Fatalf("start %s", g.Start.CFEN())
	}
	if got := texts(g); !reflect.DeepEqual(got, []string{"I11-G9", "H6-J8"}) {
		t.Errorf("moves %q", got)
	}
	// Roster first, then the CFEN in canonical form, then the other tags
	// in their order.
	want := []Tag{{"Event", "From a position"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
		{"White", "?"}, {"Black", "?"}, {"Result", "*"}, {"CFEN", afterE6G8},
		{"TimeControl", "5+0.05"}, {"Termination", "abandoned"}}
	if !reflect.DeepEqual(g.Tags, want) {
		t.Errorf("tags\n%q\nwant\n%q", g.Tags, want)
	}
	written := roundTrip(t, []*Game{g})
	if !strings.Contains(written, "\n\n1... I11-G9 2. H6-J8 *\n") {
		t.Errorf("written:\n%s", written)
	}

	// A later move number; "N." before Black's move and "N. ..." are read.
	g = readOne(t, `[CFEN "2/8/10/12/12/2nmmmmmmn2/3nmmmmn3/12/6M5/3NMMMMN3/2NM1MMMMN2/12/12/10/8/2 b 0/0 0 17"]
17. ... I11-G9 18. H6-J8 18. I10-G12 *`)
	if len(g.Moves) != 3 {
		t.Fatalf("%d moves", len(g.Moves))
	}
	if written := roundTrip(t, []*Game{g}); !strings.Contains(written, "\n17... I11-G9 18. H6-J8 I10-G12 *\n") {
		t.Errorf("written:\n%s", written)
	}

	// A CFEN tag holding the start position of R2 is the same as none.
	g = readOne(t, "[CFEN \""+game.StartCFEN+"\"]\n1. E6-G8 *")
	if g.Tag("CFEN") != "" || len(g.Tags) != 7 || g.Start.CFEN() != game.StartCFEN {
		t.Errorf("tags %q, start %s", g.Tags, g.Start.CFEN())
	}
}

func TestComments(t *testing.T) {
	g := readOne(t, `% An escape line: skipped, even with [brackets] or {braces.
[Event "Comments"] ; a comment after a tag
{Before the first move: no place for it.}
1. E6-G8 {+0.35/12 0.52s} I11-G9 {a comment
  over two lines} {and a second one} 2. H6-J8 ; the rest of this line } is skipped
I10-G12{glued}{} 3. F6-H8 { } *`)
	want := []string{"+0.35/12 0.52s", "a comment over two lines and a second one", "", "glued", ""}
	for i, m := range g.Moves {
		if m.Comment != want[i] {
			t.Errorf("ply %d comment %q, want %q", i+1, m.Comment, want[i])
		}
	}
	if g.Tag("Event") != "Comments" || len(g.Moves) != 5 {
		t.Fatalf("tags %q, %d moves", g.Tags, len(g.Moves))
	}
	written := roundTrip(t, []*Game{g})
	if !strings.Contains(written, "1. E6-G8 {+0.35/12 0.52s} I11-G9 {a comment over two lines and a second one}\n2. H6-J8 I10-G12 {glued} 3. F6-H8 *") {
		t.Errorf("written:\n%s", written)
	}

	// A long comment is wrapped, and reads back the same.
	long := strings.TrimSpace(strings.Repeat("a long comment that is wrapped across lines ", 6))
	g.Moves[2].Comment = long
	written = roundTrip(t, []*Game{g})
	back := readOne(t, written)
	if back.Moves[2].Comment != long {
		t.Errorf("comment read back %q", back.Moves[2].Comment)
	}
	if strings.Count(written, "\n") < 12 {
		t.Errorf("the comment was not wrapped:\n%s", written)
	}
}

func TestGlyphs(t *testing.T) {
	g := readOne(t, "1. E6-G8?! I11-G9!? 2. H6-J8? I10-G12?? 3. F6-H8! J11-I11!! 4. J6-H6 ! D11-F9 $4 *")
	want := []string{"E6-G8", "I11-G9", "H6-J8", "I10-G12", "F6-H8", "J11-I11", "J6-H6", "D11-F9"}
	if got := texts(g); !reflect.DeepEqual(got, want) {
		t.Errorf("moves %q, want %q", got, want)
	}
	nags := []string{"?!", "!?", "?", "??", "!", "!!", "!", "$4"}
	for i, m := range g.Moves {
		if m.NAG != nags[i] {
			t.Errorf("move %d: glyph %q, want %q", i+1, m.NAG, nags[i])
		}
	}
	written := roundTrip(t, []*Game{g})
	if want := "1. E6-G8?! I11-G9!? 2. H6-J8? I10-G12?? 3. F6-H8! J11-I11!! 4. J6-H6! D11-F9 $4"; !strings.Contains(written, want) {
		t.Errorf("written movetext:\n%s\nwant %q", written, want)
	}
}

// TestVariations reads nested variations, each from the position before
// the move it replaces, and writes them back numbered as a reader needs.
func TestVariations(t *testing.T) {
	g := readOne(t, `1. E6-G8 (1. E6-E8 {the other canter} I11-G9 (1... C11-E9 2. H6-J8) 2. D6-D8) (1. F7-F8?)
		1... I11-G9 2. H6-J8 (2. D6-D8 $1) I10-G12 *`)
	if got := texts(g); !reflect.DeepEqual(got, []string{"E6-G8", "I11-G9", "H6-J8", "I10-G12"}) {
		t.Fatalf("main line %q", got)
	}
	vs := g.Moves[0].Variations
	if len(vs) != 2 || len(vs[0]) != 3 || len(vs[1]) != 1 {
		t.Fatalf("variations of the first move: %+v", vs)
	}
	if vs[0][0].Comment != "the other canter" || vs[1][0].NAG != "?" || g.Moves[2].Variations[0][0].NAG != "$1" {
		t.Errorf("comments and glyphs in variations: %+v", vs)
	}
	nested := vs[0][1].Variations
	if len(nested) != 1 || texts(&Game{Moves: nested[0]})[1] != "H6-J8" {
		t.Errorf("nested variation: %+v", nested)
	}
	written := roundTrip(t, []*Game{g})
	want := "1. E6-G8 (1. E6-E8 {the other canter} I11-G9 (1... C11-E9 2. H6-J8) 2. D6-D8)\n(1. F7-F8?) 1... I11-G9 2. H6-J8 (2. D6-D8 $1) 2... I10-G12 *"
	if !strings.Contains(written, want) {
		t.Errorf("written:\n%s\nwant the movetext\n%s", written, want)
	}
}

// TestLenient reads the forms real records take.
func TestLenient(t *testing.T) {
	g := readOne(t, "\uFEFF[Event \"x\"]\r\n\r\n1.e6-g8 1...I11-G9\r\n2.H6-J8\tI10-G12 3. F6-H8 J11-I11 4 J6-H6 *\r\n")
	want := []string{"e6-g8", "I11-G9", "H6-J8", "I10-G12", "F6-H8", "J11-I11", "J6-H6"}
	if got := texts(g); !reflect.DeepEqual(got, want) {
		t.Errorf("moves %q, want %q", got, want)
	}
	// Squares left out (R3): E6-A8 is the canter E6-C8-A8 when C8 and B7
	// allow it; here the record's F9-F11-H9 and the Charge of R8 without
	// its middle squares.
	g = readOne(t, `1. E6-G8 I11-G9 2. H6-J8 I10-G12 3. F6-H8 J11-I11 4. J6-H6 D11-F9 5. J8-I9
G12-I8 6. H8xJ8 C11-E9 7. G8-F8 I11-H12 8. F8-F6 H12-G12 9. J8-I9 H10xJ8
10. H6-F8xH10 *`)
	if n := len(g.Moves); n != 19 || g.Moves[9].Text != "G12-I8" || g.Moves[18].Move.Captured.Count() != 4 {
		t.Errorf("%d moves: %+v", n, g.Moves[len(g.Moves)-1])
	}
	// Tag values with escapes, and names in any case.
	g = readOne(t, `[Event "He said \"hi\" \\o/ \n"]`+"\n"+`[my_tag_2 "x"]`+"\n*")
	if g.Tag("Event") != `He said "hi" \o/ \n` || g.Tag("my_tag_2") != "x" {
		t.Errorf("tags %q", g.Tags)
	}
	roundTrip(t, []*Game{g})
	// Nothing at all, or only comments: no games.
	for _, text := range []string{"", "\n\n", "; nothing\n% here\n{nor here}\n"} {
		if games := readString(t, text); len(games) != 0 {
			t.Errorf("%q: read %d games", text, len(games))
		}
	}
}

func wantError(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("no error; want one with %q", parts)
		return
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q lacks %q", err, p)
		}
	}
}

func TestReadErrors(t *testing.T) {
	const r10 = "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w" // R10's example
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"illegal move", "[Event \"x\"]\n\n1. E6-G8 I11-G9\n2. E6-E8 *",
			[]string{"game 1, line 4:", `move 2. E6-E8: illegal move "E6-E8": no white piece on E6`}},
		{"illegal move, black", "1. E6-G8 I11-G9 2. H6-J8 I10-G12 3. F6-H8 J11-I11 4. J6-H6 D11-F9 5. J8-I9\nG12-I10 *",
			[]string{"game 1, line 2:", `move 5... G12-I10: illegal move "G12-I10"`, "a capture is compulsory, R11"}},
		{"bad move text", "1. E6-G8 I11-G9 2. Z9-E8 *", []string{"line 1:", `move 2. Z9-E8: bad move text "Z9-E8"`}},
		{"too many glyphs", "1. E6-G8??? *", []string{`move 1. E6-G8???: bad move text`}},
		{"unknown result token", "1. E6-G8 I11-G9 2-0", []string{"line 1:", `unknown result token "2-0" (want 1-0, 0-1, 1/2-1/2 or *)`}},
		{"unknown result colon", "1. E6-G8\n1:0\n", []string{"line 2:", `unknown result token "1:0"`}},
		{"unknown result half", "1. E6-G8 ½", []string{`unknown result token "½"`}},
		{"unknown result 1/2", "1/2", []string{`unknown result token "1/2"`}},
		{"no result, bad Result tag", "[Result \"2-0\"]\n\n1. E6-G8 I11-G9\n\n", []string{"game 1, line 1:", `no result token, and its Result tag "2-0" is none of`}},
		{"no result, variation open", "1. E6-G8 (1. E6-E8\n", []string{"game 1, line 1:", "the variation opened on line 1 is not closed"}},
		{"no result, number only", "[Event \"x\"]\n1.\n", []string{"game 1, line 2:", "does not end with a result token"}},
		{"tag inside the movetext", "1. E6-G8 [Event \"y\"]\n*", []string{"game 1, line 1:", "a tag inside the movetext"}},
		{"tags only", "[Event \"x\"]\n", []string{"game 1, line 1:", "does not end with a result token"}},
		{"unterminated comment", "1. E6-G8 {a comment\nthat never ends\n\n1-0", []string{"game 1, line 1:", "unterminated comment"}},
		{"unterminated tag", "[Event \"x\"\n\n*", []string{"game 1, line 1:", `unterminated tag Event: no "]"`}},
		{"unterminated tag, no value", "[Event\n*", []string{"line 1:", "unterminated tag Event"}},
		{"unterminated tag, nothing", "[\n*", []string{"line 1:", "unterminated tag"}},
		{"unterminated tag value", "[Event \"x]\n*", []string{"line 1:", "unterminated value of tag Event"}},
		{"missing quotes", "[Site \"?\"]\n[Event WCF Championship]\n*", []string{"game 1, line 2:", `tag Event: the value must be in double quotes`}},
		{"bad tag name", "[Ev-ent \"x\"]\n*", []string{"line 1:", "bad tag"}},
		{"duplicate tag", "[Event \"x\"]\n[Event \"y\"]\n*", []string{"line 2:", "tag Event given twice (first on line 1)"}},
		{"result tag disagrees", "[Result \"1-0\"]\n\n1. E6-G8 0-1", []string{"line 3:", `result 0-1, but the Result tag (line 1) says "1-0"`}},
		{"bad CFEN tag", "[Event \"x\"]\n[CFEN \"2/8 w\"]\n\n*", []string{"line 2:", "tag CFEN field 1 (board)"}},
		{"result against R14", "[CFEN \"" + r10 + "\"]\n1. D6-F8xH10 0-1", []string{"line 2:", "result 0-1, but the rules have decided the final position: 1-0 (R14"}},
		{"ongoing against R14", "[CFEN \"" + r10 + "\"]\n1. D6-F8xH10 *", []string{"result *, but the rules"}},
		{"move after the end", "[CFEN \"" + r10 + "\"]\n1. D6-F8xH10 H10-H11 1-0", []string{"move 1... H10-H11: game over: 1-0 (R14"}},
		{"move number", "1. E6-G8 I11-G9 3. H6-J8 *", []string{"line 1:", `move number "3.", but the next move is 2. (white to move)`}},
		{"black number for white", "1. E6-G8 I11-G9 2... H6-J8 *", []string{`move number "2..." marks a black move, but white is to move`}},
		{"huge move number", "99999999999999999999. E6-G8 *", []string{"move number"}},
		{"number glued to junk", "1.2 *", []string{`unknown result token "1.2"`}},
		{"variation before a move", "(1. E6-E8) 1. E6-G8 *", []string{"line 1:", `a variation "(" before any move`}},
		{"variation not closed", "1. E6-G8 (1. E6-E8\nI11-G9 *", []string{"line 2:", "inside the variation opened on line 1"}},
		{"variation closed twice", "1. E6-G8 (1. E6-E8)) *", []string{`unexpected ")" outside a variation`}},
		{"empty variation", "1. E6-G8 () *", []string{"empty variation"}},
		{"illegal move in a variation", "1. E6-G8 I11-G9 (1... E6-E8) *", []string{"move 1... E6-E8: "}},
		{"glyph out of range", "1. E6-G8 $1000 *", []string{"annotation glyph $1000 out of range"}},
		{"stray bracket", "1. E6-G8 ] *", []string{"line 1:", `unexpected ']'`}},
		{"stray text", "1. E6-G8 +- *", []string{`unknown result token "+-"`}},
		{"stray word", "1. E6-G8 %x *", []string{`unexpected text "%x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, err := Read(strings.NewReader(tc.text))
			wantError(t, err, tc.want...)
			if _, ok := err.(*Error); !ok {
				t.Errorf("error %T, want *Error", err)
			}
			if len(games) != 0 {
				t.Errorf("%d games returned", len(games))
			}
		})
	}
}

func TestTags(t *testing.T) {
	var g Game
	g.SetTag("White", "A")
	g.SetTag("TimeControl", "5+0.05")
	g.SetTag("White", "B")
	if g.Tag("White") != "B" || g.Tag("TimeControl") != "5+0.05" || g.Tag("Black") != "" || len(g.Tags) != 2 {
		t.Errorf("tags %q", g.Tags)
	}
}

// TestWrite writes games made by a program: zero Start, empty Result,
// tags in any order, comments with line breaks.
func TestWrite(t *testing.T) {
	g := &Game{}
	g.SetTag("Termination", "R14: white has two pieces in black's castle")
	g.SetTag("White", "camelot")
	g.SetTag("Event", "Test match")
	pos := boards.StartPosition(Camelot)
	for i, text := range []string{"E6-G8", "I11-G9", "H6-J8", "I10-G12"} {
		m, err := pos.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		c := ""
		if i == 1 {
			c = "+0.35/12\n0.52s"
		}
		g.Moves = append(g.Moves, Move{Move: m, Comment: c})
		pos.MakeMove(m)
	}
	var sb strings.Builder
	if err := Write(&sb, g); err != nil {
		t.Fatal(err)
	}
	want := `[Event "Test match"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "camelot"]
[Black "?"]
[Result "*"]
[Termination "R14: white has two pieces in black's castle"]

1. E6-G8 I11-G9 {+0.35/12 0.52s} 2. H6-J8 I10-G12 *

`
	if sb.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", sb.String(), want)
	}
	mg, err := g.Replay()
	if final := mg.Position(); err != nil || final.CFEN() != pos.CFEN() {
		t.Errorf("Replay: %v", err)
	}

	// The Result tag stands in for an empty Result, the CFEN tag for a
	// zero Start.
	g = &Game{Tags: []Tag{{"CFEN", "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w"}, {"Result", "1-0"}}}
	start, _ := boards.ParseCFEN(Camelot, g.Tags[0].Value)
	m, _ := start.ParseMove("D6-F8xH10")
	g.Moves = []Move{{Move: m}}
	sb.Reset()
	if err := Write(&sb, g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "[Result \"1-0\"]\n[CFEN \"2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w 0/0 0 1\"]\n\n1. D6-F8xH10 1-0\n") {
		t.Errorf("written:\n%s", sb.String())
	}
}

func TestWriteErrors(t *testing.T) {
	start := boards.StartPosition(Camelot)
	e6g8, _ := start.ParseMove("E6-G8")
	r10, _ := boards.ParseCFEN(Camelot, "2/8/10/12/12/12/12/6m5/12/4M7/3N8/12/12/10/8/2 w")
	win, _ := r10.ParseMove("D6-F8xH10")
	garbage := game.Move{From: game.NoSquare, To: game.NoSquare, Captured: game.SquareSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
	for _, tc := range []struct {
		name string
		g    *Game
		want string
	}{
		{"illegal move", &Game{Moves: []Move{{Move: e6g8}, {Move: e6g8, Text: "E6-G8"}}}, "move 1... E6-G8: not a legal move for black"},
		{"made-up move", &Game{Moves: []Move{{Move: garbage}}}, "move 1. ---: not a legal move"},
		{"null move", &Game{Moves: []Move{{}}}, "move 1. ---: not a legal move"},
		{"move after the end", &Game{Start: r10, Result: "1-0", Moves: []Move{{Move: win}, {Move: win}}}, "the game is already over"},
		{"result against R14", &Game{Start: r10, Result: "1/2-1/2", Moves: []Move{{Move: win}}}, "result 1/2-1/2, but the rules have decided"},
		{"bad result", &Game{Result: "1-0 (time)"}, `bad result "1-0 (time)"`},
		{"bad tag name", &Game{Tags: []Tag{{"Time Control", "x"}}}, `bad tag name "Time Control"`},
		{"empty tag name", &Game{Tags: []Tag{{"", "x"}}}, `bad tag name ""`},
		{"duplicate tag", &Game{Tags: []Tag{{"Event", "x"}, {"Event", "y"}}}, "tag Event given twice"},
		{"newline in a tag", &Game{Tags: []Tag{{"Event", "x\ny"}}}, "has a newline"},
		{"brace in a comment", &Game{Moves: []Move{{Move: e6g8, Comment: "a } b"}}}, `comment of move 1. E6-G8 contains "}"`},
		{"bad CFEN tag", &Game{Tags: []Tag{{"CFEN", "x w"}}}, "tag CFEN field 1 (board)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sb strings.Builder
			err := Write(&sb, tc.g)
			wantError(t, err, tc.want)
			if sb.Len() != 0 {
				t.Errorf("wrote %q", sb.String())
			}
		})
	}
	if _, err := (&Game{Moves: []Move{{Move: e6g8}, {Move: e6g8}}}).Replay(); err == nil || !strings.Contains(err.Error(), "move 1... E6-G8") {
		t.Errorf("Replay of an illegal move: %v", err)
	}
}

// ReadAll skips a malformed game and goes on with the next one.
func TestReadAllSkipsBadGames(t *testing.T) {
	text := `[Event "one"]

1. E6-G8 I11-G9 *

[Event "two"]

1. E6-G8 I11-G9 2. Z9-Z10 *

[Event "three"]

1. H6-J8 *
`
	games, bad, err := ReadAll(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Tag("Event") != "one" || games[1].Tag("Event") != "three" {
		t.Errorf("read %d games", len(games))
	}
	if len(bad) != 1 || bad[0].Game != 2 || bad[0].Line != 7 || !strings.Contains(bad[0].Msg, "2. Z9-Z10") {
		t.Errorf("errors %v, want one for game 2, line 7, naming the move", bad)
	}
}

// A WCF move list: "# Name: value" header lines, numbered moves and no
// result token; the result is the Result header. Both seed games read.
func TestWCFMoveLists(t *testing.T) {
	for _, tc := range []struct {
		file  string
		moves int
		black string
	}{{"chaxx-nolan-2008.txt", 34, "Chaxx 1.05"}, {"nolan-troyka-2009.txt", 59, "Dan Troyka"}} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "games", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		g := readOne(t, string(data))
		if len(g.Moves) != tc.moves || g.Tag("Black") != tc.black || g.Tag("Source") == "" {
			t.Errorf("%s: %d moves, Black %q, tags %v", tc.file, len(g.Moves), g.Tag("Black"), g.Tags)
		}
		roundTrip(t, []*Game{g})
	}
	for _, tc := range []struct{ name, text, want string }{
		{"bad result header", "# Result: 2-0\n1. E6-G8\n", `its Result header "2-0" is none of 1-0, 0-1, 1/2-1/2 or *`},
		{"header against the rules", "# Result: 1-0\n1. E6-G8\n1... x", "bad move text"},
		{"# inside a line", "1. E6-G8 # x *", `unexpected "#"`},
	} {
		_, err := Read(strings.NewReader(tc.text))
		wantError(t, err, tc.want)
	}
	// Two move lists in one file, the second starting at its header.
	games, err := Read(strings.NewReader("# Result: *\n1. E6-G8\n# Result: 1/2-1/2\n1. E6-E8 I11-G9\n"))
	if err != nil || len(games) != 2 || games[1].Result != "1/2-1/2" || len(games[1].Moves) != 2 {
		t.Errorf("two move lists: %d games, %v", len(games), err)
	}
}

// A bad CFEN tag is reported with the CFEN reader's message, naming the
// CFEN once, when read and when written.
func TestCFENTagErrorNamesCFENOnce(t *testing.T) {
	_, err := Read(strings.NewReader("[Event \"x\"]\n[CFEN \"2/8 w\"]\n\n*"))
	if err == nil || strings.Count(err.Error(), "CFEN") != 1 {
		t.Errorf("read: %v", err)
	}
	err = Write(io.Discard, &Game{Tags: []Tag{{"CFEN", "x w"}}})
	if err == nil || strings.Count(err.Error(), "CFEN") != 1 {
		t.Errorf("write: %v", err)
	}
}
