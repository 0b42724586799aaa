package apfake

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// MetaGame is Camelot's game uid on AbstractPlay.
const MetaGame = "camelot"

// Boards are the boards AbstractPlay plays Camelot on, each under
// AbstractPlay's rules (V14), with their Anti forms (V11): all ten games.
var Boards = []game.Variant{
	game.Camelot, game.Cam, game.Camette, game.Chivalry, game.River,
	game.AntiCamelot, game.AntiCam, game.AntiCamette, game.AntiChivalry, game.AntiRiver,
}

// VariantCodes returns AbstractPlay's variant codes for v: none for
// Camelot, "cam", "camette", "chivalry" or "river" for the other boards,
// then "anti" for an Anti form.
func VariantCodes(v game.Variant) []string {
	codes := []string{}
	if b := v.Board(); b.Spec().Name != game.Camelot.Spec().Name {
		codes = append(codes, b.Spec().Name)
	}
	if v.IsAnti() {
		codes = append(codes, "anti")
	}
	return codes
}

// NewGame starts a game of v under AbstractPlay's rules (V14).
func NewGame(v game.Variant) *game.Game {
	return boards.NewGame(v.WithRules(game.AbstractPlay))
}

var (
	placementText = regexp.MustCompile(`^[a-p][1-9][0-9]?(,[a-p][1-9][0-9]?){2}$`)
	pathText      = regexp.MustCompile(`^[a-p][1-9][0-9]?([-^x][a-p][1-9][0-9]?)+$`)
)

// CheckText says whether AbstractPlay accepts text as the next move of g
// (V12, V14): the text must be in AbstractPlay's exact form, lower case,
// a piece move written as its whole path (`-` before a plain step, `^`
// before each canter landing, `x` before each jump landing), a placement
// with its squares sorted by file then rank, or `draw` where the claim is
// open, and it must be a legal move under V14. g is not changed.
func CheckText(g *game.Game, text string) error {
	if text != strings.ToLower(text) || strings.TrimSpace(text) != text {
		return fmt.Errorf("move %q is not in AbstractPlay's form: lower case, no spaces", text)
	}
	p := g.Position()
	switch {
	case text == game.ClaimText:
	case placementText.MatchString(text):
		m, err := p.ParseMove(text)
		if err != nil {
			return err
		}
		if want := p.AbstractPlayText(m); want != text {
			return fmt.Errorf("placement %q is not in AbstractPlay's order %q", text, want)
		}
	case pathText.MatchString(text):
		if err := checkPath(p, text); err != nil {
			return err
		}
	default:
		return fmt.Errorf("move %q is not an AbstractPlay move text", text)
	}
	if _, err := g.Clone().PlayText(text); err != nil {
		return err
	}
	return nil
}

// checkPath checks that text is a whole path whose separators name each
// leg as AbstractPlay does: one `-` step to a neighbouring square, or
// leaps of two squares, `^` over an own piece (canters, first) and `x`
// over an enemy piece (jumps).
func checkPath(p game.Position, text string) error {
	names := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == '^' || r == 'x' })
	seps := strings.Map(func(r rune) rune {
		if r == '-' || r == '^' || r == 'x' {
			return r
		}
		return -1
	}, text)
	sq := make([]game.Square, len(names))
	for i, n := range names {
		s, err := game.ParseSquare(n)
		if err != nil {
			return fmt.Errorf("move %q: %v", text, err)
		}
		sq[i] = s
	}
	from := sq[0]
	mover := p.PieceAt(from)
	if !mover.IsPiece() || mover.Color() != p.Side() {
		return fmt.Errorf("move %q: no %s piece on %s", text, p.Side(), names[0])
	}
	var gone []game.Square // squares emptied so far: the origin, the pieces jumped
	gone = append(gone, from)
	jumped := false
	for i := 1; i < len(sq); i++ {
		a, b := sq[i-1], sq[i]
		df, dr := b.File()-a.File(), b.Rank()-a.Rank()
		sep := seps[i-1]
		if sep == '-' {
			if len(sq) != 2 || max(abs(df), abs(dr)) != 1 {
				return fmt.Errorf("move %q: `-` is only a single step to a neighbouring square", text)
			}
			continue
		}
		if (abs(df) != 0 && abs(df) != 2) || (abs(dr) != 0 && abs(dr) != 2) || (df == 0 && dr == 0) {
			return fmt.Errorf("move %q: %s to %s is not a leap", text, names[i-1], names[i])
		}
		mid := game.SquareAt(a.File()+df/2, a.Rank()+dr/2)
		over := p.PieceAt(mid)
		if slices.Contains(gone, mid) || !over.IsPiece() {
			return fmt.Errorf("move %q: nothing to leap over on %s", text, strings.ToLower(mid.String()))
		}
		switch {
		case over.Color() == p.Side() && sep == '^' && !jumped:
		case over.Color() != p.Side() && sep == 'x':
			jumped = true
			gone = append(gone, mid)
		default:
			return fmt.Errorf("move %q: the leap to %s over %s is not written as AbstractPlay writes it", text, names[i], strings.ToLower(mid.String()))
		}
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// RandomMove picks a random legal move of g for the opponent, as a
// random player would: a random placement of three trees in River's tree
// phase, otherwise a random piece move, the draw claim only when it is
// the one legal move. It reports false when g's side to move has none.
func RandomMove(g *game.Game, rng *rand.Rand) (game.Move, bool) {
	p := g.Position()
	if p.InTreePhase() {
		choices := p.TreeChoices()
		if len(choices) < game.TreesPerSide {
			return game.NullMove, false
		}
		perm := rng.Perm(len(choices))
		trees := make([]game.Square, game.TreesPerSide)
		for i := range trees {
			trees[i] = choices[perm[i]]
		}
		m := game.Placement(trees...)
		if p.IsLegal(m) {
			return m, true
		}
	}
	ms := g.LegalMoves()
	var pieces []game.Move
	for _, m := range ms {
		if !m.IsClaim() {
			pieces = append(pieces, m)
		}
	}
	switch {
	case len(pieces) > 0:
		return pieces[rng.IntN(len(pieces))], true
	case len(ms) > 0:
		return ms[0], true
	}
	return game.NullMove, false
}
