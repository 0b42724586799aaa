// Package record reads and writes Camelot game records in a PGN-style text
// format, and reads files of openings. The match runner, the tests and the
// opening-book builder all use this one reader and this one writer.
//
// A record is a tag section followed by movetext:
//
//	[Event "WCF Camelot World Championship 2008-2009"]
//	[Site "?"]
//	[Date "2009.03.??"]
//	[Round "4"]
//	[White "Michael Nolan"]
//	[Black "Dan Troyka"]
//	[Result "1-0"]
//
//	1. E6-G8 I11-G9 2. H6-J8 {+0.35/12 0.52s} I10-G12 ... 1-0
//
// The seven-tag roster (Event, Site, Date, Round, White, Black, Result)
// comes first, in that order; then the Variant tag (V8) for a game of
// Cam, Camette or Chivalry, never for Camelot; then the Rules tag (V14)
// for a game played by a rule set other than the WCF's, [Rules
// "AbstractPlay"]; then the CFEN tag (R5) when the game did not start
// from the start position of R2; then any other tags (TimeControl,
// Termination, ...) in the order they were added.
//
// The Variant tag's name and value are read in any case ([Variant "cam"]);
// a record without it is a game of Camelot, and an unknown name is an
// error. So are the Rules tag's ([Rules "abstractplay"], [Rules "WCF"]):
// a record without it is played by the WCF's rules (R1–R17), and an
// unknown value is an error. Moves and the CFEN tag are read on the board
// of the game's variant, every variant's through the same code, and
// replayed under its rule set: under AbstractPlay's, the move "draw" is
// the draw claim (V14.3), the last move of its game. The movetext holds move
// numbers ("N." before White's move; "N..." before the first move when the
// game starts with Black to move), moves in WCF notation (R3), optional
// {comments} after a move, annotation glyphs (?, !, ?!, !?, !!, ?? glued
// to the move, or $N after it), variations in parentheses after a move
// (alternatives to it from the position before it, nested as deep as
// needed, a Black move starting one numbered "N..."), and ends with the
// result token: 1-0, 0-1, 1/2-1/2 or *. A blank line follows each game.
//
// The reader also reads WCF move lists, as the federation publishes games:
// "# Name: value" header lines (read as tags; other "#" lines are
// comments), then numbered moves without a result token. A header line
// after moves starts the next game; a line of prose after moves ends the
// game.
//
// A movetext may stop without a result token, as WCF move lists do and as
// people copy an unfinished game: at the end of the input, or before a
// line that starts the next game's tags or headers. The game's result is
// then its Result tag (or "# Result:" header), else the result of a final
// position the rules have decided (R14–R16), else "*", an unfinished game.
// Tags with no move after them, or an unclosed variation, are still an
// error.
//
// A game whose first move stands alone on its line, as on pages that
// annotate a game move by move, is read one move a line:
//
//	            1.D6-F8
//
//	         1....H11-F9
//
//	6....D10-D8xD6? would have ... (a note)
//
// (a number, a dot and White's move with no space; "N...." and Black's
// move). Lines between its move lines that hold words of prose are notes
// and are skipped, even when they quote moves ("4....E11-F12 would have
// kept parity.", "9....G12-I10xI8, 10.I7xI9 ..."); a line of moves, move
// numbers, glyphs, results and comments only is movetext, and so is a line
// that starts with a move number not glued to a move, so a wrong move or
// number there is an error.
//
// The reader is lenient where real records differ: it skips ";"
// rest-of-line comments and "%" escape lines, accepts move numbers glued
// to the move ("1.E6-E8") and glyphs standing apart ("E6-E8 !"), and
// reads each move with
// the rules' forgiving parser in the position where it is played, so moves
// that leave out squares (J11-F11-D11xF9, R3) are read.
//
// It also reads records as they are copied from web pages: typographic
// dashes (en and em dash, minus sign, hyphens) for "-" in moves and
// results, "½-½" for 1/2-1/2, Unicode spaces between tokens, and prose
// around the games. Prose is a line that does not start movetext (see
// isProse), before a game's first move or after its result on the same
// line ("1-0 (Black ?)"); it is skipped, but for the White, Black, Event,
// Site, Date and Round tags of a header line such as
// "White: Michael Nolan Black: Dan Troyka Event: …". Input of prose alone
// holds no game. Inside the movetext nothing is skipped: everything else
// that is wrong is an *Error naming the game, the line and the fault.
//
// The writer prints every move in canonical notation (Position.MoveText),
// keeps the glyphs, comments and variations, numbers a Black move after a
// variation "N...", and wraps the movetext at 80 columns.
package record

import (
	"fmt"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// Tag is one tag pair: [Name "Value"].
type Tag struct{ Name, Value string }

// Move is one move of a record.
type Move struct {
	Move    game.Move
	Text    string // as written in the source, or canonical when made by the program
	Comment string // without braces
	// NAG is the move's annotation glyph: "!", "?", "!!", "??", "!?", "?!"
	// (written after the move) or "$N" (a numeric glyph); "" for none.
	NAG string
	// Variations are alternatives to this move: each is a line of moves
	// played from the position before it, written ( … ) after the move.
	Variations [][]Move
}

// suffixNAGs are the glyphs written glued to a move.
var suffixNAGs = []string{"!", "?", "!!", "??", "!?", "?!"}

// validNAG reports whether g is a glyph Read accepts and Write writes.
func validNAG(g string) bool {
	if len(g) > 1 && g[0] == '$' && len(g) <= 4 && allIn(g[1:], "0123456789") {
		return true
	}
	for _, s := range suffixNAGs {
		if g == s {
			return true
		}
	}
	return false
}

// Game is one game record.
//
// Read returns games in a normal form, which Write followed by Read
// reproduces exactly: Tags holds the seven-tag roster first (a missing tag
// gets "?", the Date "????.??.??", and the Result tag equals Result), then
// the Variant tag spelled as V1 shows it when Variant's game is not
// Camelot, then the Rules tag spelled as its title (AbstractPlay) when
// Variant's rule set is not the WCF's (a [Rules "WCF"] tag is dropped),
// then the CFEN tag in canonical form when Start is not the start position
// of R2, then the other tags in the order of the source; comments have
// their white space collapsed to single spaces.
//
// For a game made by a program, a zero Start means the position given by
// the CFEN tag, or the start position of R2 when there is none; an empty
// Result means the Result tag, or "*" when there is none.
//
// Variant is the game's variant (V8) under its rule set (V14); Read sets
// it from the Variant and Rules tags (Variant.WithRules). A Variant tag in
// Tags stands in only when Variant's game is Camelot, a Rules tag only when
// its rule set is the WCF's. Start is a position of the game's variant (a
// position of its board under another rule set is taken under the game's).
type Game struct {
	Tags    []Tag
	Variant Variant
	Start   game.Position
	Moves   []Move
	Result  string // "1-0", "0-1", "1/2-1/2" or "*"
	// DrawsAreClaims: R16's automatic draws (the third repetition, 100
	// plies) do not end the game, as in AbstractPlay's records replayed
	// under the WCF's rules (V13, ReadUnder). Under AbstractPlay's rules
	// there are no such draws (V14.3) and Read leaves it false.
	DrawsAreClaims bool
	// Warnings are lines about what reading the game ignored (an
	// AbstractPlay record's unknown variant label, V13).
	Warnings []string
}

// Result tokens, as game.Result.String writes them.
var results = []string{
	game.WhiteWins.String(),
	game.BlackWins.String(),
	game.Draw.String(),
	game.Ongoing.String(),
}

const wantResult = "1-0, 0-1, 1/2-1/2 or *"

func isResult(s string) bool {
	for _, r := range results {
		if s == r {
			return true
		}
	}
	return false
}

// roster is the seven-tag roster, in its order, with the value written for
// a tag the game does not have.
var roster = []Tag{
	{"Event", "?"},
	{"Site", "?"},
	{"Date", "????.??.??"},
	{"Round", "?"},
	{"White", "?"},
	{"Black", "?"},
	{"Result", "*"},
}

func inRoster(name string) bool {
	for _, t := range roster {
		if t.Name == name {
			return true
		}
	}
	return false
}

// cfenTag names the tag that gives the start position in CFEN (R5).
const cfenTag = "CFEN"

var startPosition = boards.StartPosition(Camelot)

// Tag returns the value of the tag name, or "" when the game has none.
// Names are case-sensitive.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag gives the tag name the value: it replaces the value of an existing
// tag of that name, or appends the tag.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// variant returns the game's variant under its rule set: Variant's game,
// or when that is Camelot the Variant tag's (its name in any case, as
// Read reads it), or Camelot (V8); played by Variant's rule set, or when
// that is the WCF's the Rules tag's, or the WCF's (V14).
func (g *Game) variant() (Variant, error) {
	if !g.Variant.Valid() {
		return g.Variant, fmt.Errorf("unknown variant %d", uint8(g.Variant))
	}
	v, rules := gameOf(g.Variant), g.Variant.Rules()
	for _, t := range g.Tags {
		if t.Value == "" {
			continue
		}
		switch tagName(t.Name) {
		case variantTag:
			if v != Camelot {
				continue
			}
			w, err := ParseVariant(t.Value)
			if err != nil {
				return w, fmt.Errorf("tag %s: %v", variantTag, err)
			}
			v = w
		case rulesTag:
			if g.Variant.Rules() != game.WCF {
				continue
			}
			r, err := ParseRules(t.Value)
			if err != nil {
				return v, fmt.Errorf("tag %s: %v", rulesTag, err)
			}
			rules = r
		}
	}
	return v.WithRules(rules), nil
}

// startPos returns the position the game of variant v starts from: Start
// (a position of v's board under another rule set is read again under
// v's), or when that is zero the CFEN tag, or the variant's start
// position.
func (g *Game) startPos(v Variant) (game.Position, error) {
	if !g.Start.IsZero() {
		if sv := g.Start.Variant(); gameOf(sv) != gameOf(v) {
			return g.Start, fmt.Errorf("the start position is on the %s board, the game is %s (V8)", sv.Title(), v.Title())
		} else if sv != v {
			if err := checkBoard(v); err != nil {
				return g.Start, err
			}
			p, err := boards.ParseCFEN(v, g.Start.CFEN())
			if err != nil {
				return g.Start, fmt.Errorf("the start position under %s rules: %v", v.Rules(), err)
			}
			return p, nil
		}
		return g.Start, checkBoard(v)
	}
	return variantStart(v, g.Tag(cfenTag))
}

// result returns Result, or the Result tag when Result is empty, or "*".
func (g *Game) result() string {
	if g.Result != "" {
		return g.Result
	}
	if v := g.Tag("Result"); v != "" {
		return v
	}
	return game.Ongoing.String()
}

// Replay plays the moves from the start position and returns the
// game.Game after all of them, which gives the final position, the
// history for repetitions and the outcome (R14–R16, V14), under the
// game's rule set; the draw claim (game.ClaimDraw) only where the claim
// is open. If a move cannot be played the error says which, and the game
// returned stops before it.
//
// A game of a variant whose board no grid plays is an error that wraps
// ErrVariantNotSupported, even without moves.
func (g *Game) Replay() (*game.Game, error) {
	v, err := g.variant()
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	start, err := g.startPos(v)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	mg := game.NewGame(start)
	mg.DrawsAreClaims = g.DrawsAreClaims
	for _, m := range g.Moves {
		pos := mg.Position()
		if err := play(mg, m.Move); err != nil {
			return mg, fmt.Errorf("record: move %s: %v", moveLabel(&pos, m.writtenText()), err)
		}
	}
	return mg, nil
}

// play plays m, checking first that the game goes on and that m is legal,
// so that no move, however made up, reaches the grid's notation code.
func play(mg *game.Game, m game.Move) error {
	if o := mg.Outcome(); o.IsOver() {
		return fmt.Errorf("the game is already over: %s", o)
	}
	if m.IsClaim() { // the game judges whether the claim is open (V14.3)
		return mg.Play(m)
	}
	pos := mg.Position()
	if !pos.IsLegal(m) {
		return fmt.Errorf("not a legal move for %s in %s", pos.Side(), pos.CFEN())
	}
	return mg.Play(m)
}

// writtenText names m for a message: its text, or origin and destination.
func (m Move) writtenText() string {
	if m.Text != "" {
		return m.Text
	}
	if m.Move.IsClaim() {
		return game.ClaimText
	}
	sep := "-"
	if m.Move.IsCapture() {
		sep = "x"
	}
	return squareText(m.Move.From) + sep + squareText(m.Move.To)
}

// squareText names a square for a message: "-" for a square of no board
// (NoSquare, or the zero Move's A1).
func squareText(s game.Square) string {
	for _, v := range Variants() {
		if v.Has(s.File(), s.Rank()) {
			return s.String()
		}
	}
	return "-"
}

// moveLabel numbers a move the way the movetext does: "12. E6-G8" for
// White, "12... I11-G9" for Black.
func moveLabel(pos *game.Position, text string) string {
	return moveNumber(pos) + " " + text
}

func moveNumber(pos *game.Position) string {
	if pos.Side() == game.White {
		return fmt.Sprintf("%d.", pos.MoveNumber())
	}
	return fmt.Sprintf("%d...", pos.MoveNumber())
}

// validTagName reports whether name can be read back as a tag name:
// letters, digits and underscores.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !isNameByte(name[i]) {
			return false
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// normalComment collapses the white space of a comment to single spaces.
func normalComment(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
