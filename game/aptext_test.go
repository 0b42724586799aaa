package game_test

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// apLister lists a position's moves as AbstractPlay's code lists its
// texts (V12, V14): every path of every move, written as AbstractPlay
// writes it. It is written from AbstractPlay's description of its moves
// alone, apart from the rules core, so that the two check each other: the
// legal moves under abstractplay are exactly the moves of these texts.
type apLister struct {
	p    game.Position
	v    game.Variant
	side game.Color
}

var apDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func (l apLister) cell(s game.Square, d [2]int, n int) (game.Square, bool) {
	f, r := s.File()+n*d[0], s.Rank()+n*d[1]
	if f < 0 || r < 0 || f >= game.MaxFiles || r >= game.MaxRanks || !l.v.Has(f, r) {
		return game.NoSquare, false
	}
	return game.SquareAt(f, r), true
}

func (l apLister) castle(c game.Color) []game.Square { return l.v.Castle(c) }

func (l apLister) piece(s game.Square) game.Piece { return l.p.PieceAt(s) }

func (l apLister) empty(s game.Square) bool { return l.piece(s) == game.Empty }

func (l apLister) own(s game.Square) bool {
	pc := l.piece(s)
	return pc != game.Empty && pc != game.Tree && pc.Color() == l.side
}

func (l apLister) enemy(s game.Square) bool {
	pc := l.piece(s)
	return pc != game.Empty && pc != game.Tree && pc.Color() != l.side
}

func (l apLister) plain(from game.Square) []game.Square {
	opp := l.castle(l.side.Other())
	if slices.Contains(opp, from) {
		if l.p.CastleMoves(l.side) >= 2 || len(opp) < 2 {
			return nil
		}
		for _, o := range opp {
			if o != from && l.empty(o) {
				return []game.Square{o}
			}
		}
		return nil
	}
	var out []game.Square
	for _, d := range apDirs {
		if t, ok := l.cell(from, d, 1); ok && l.empty(t) && !slices.Contains(l.castle(l.side), t) {
			out = append(out, t)
		}
	}
	return out
}

func (l apLister) canters(from game.Square, exclude []game.Square) []game.Square {
	if slices.Contains(l.castle(l.side.Other()), from) {
		return nil
	}
	var out []game.Square
	for _, d := range apDirs {
		over, ok1 := l.cell(from, d, 1)
		land, ok2 := l.cell(from, d, 2)
		if !ok1 || !ok2 || slices.Contains(exclude, land) || !l.own(over) || !l.empty(land) || slices.Contains(l.castle(l.side), land) {
			continue
		}
		out = append(out, land)
	}
	return out
}

type apJump struct{ to, over game.Square }

func (l apLister) jumps(from game.Square, removed []game.Square) []apJump {
	if slices.Contains(l.castle(l.side.Other()), from) {
		return nil
	}
	var out []apJump
	for _, d := range apDirs {
		over, ok1 := l.cell(from, d, 1)
		land, ok2 := l.cell(from, d, 2)
		if !ok1 || !ok2 || slices.Contains(removed, over) || !l.enemy(over) {
			continue
		}
		if !l.empty(land) && !slices.Contains(removed, land) {
			continue
		}
		out = append(out, apJump{land, over})
	}
	return out
}

func (l apLister) allJumps(from game.Square, seq, removed []game.Square) [][]game.Square {
	js := l.jumps(from, removed)
	if len(js) == 0 {
		if len(seq) == 0 {
			return nil
		}
		return [][]game.Square{seq}
	}
	var out [][]game.Square
	for _, j := range js {
		out = append(out, l.allJumps(j.to, append(slices.Clone(seq), j.to), append(slices.Clone(removed), j.over))...)
	}
	return out
}

func (l apLister) allCanters(from game.Square, seq, excluded []game.Square, knight bool, emit func(canters, jumps []game.Square)) {
	if len(seq) > 0 {
		if js := l.allJumps(from, nil, excluded[:1]); knight && len(js) > 0 {
			for _, j := range js {
				emit(seq, j)
			}
		} else {
			emit(seq, nil)
		}
	}
	for _, c := range l.canters(from, excluded) {
		l.allCanters(c, append(slices.Clone(seq), c), append(slices.Clone(excluded), c), knight, emit)
	}
}

func apName(s game.Square) string { return strings.ToLower(s.String()) }

func (l apLister) movesFrom(from game.Square, mustJump bool) []string {
	var out []string
	path := func(sep string, sq []game.Square) string {
		var b strings.Builder
		for _, s := range sq {
			b.WriteString(sep + apName(s))
		}
		return b.String()
	}
	if mustJump {
		for _, j := range l.allJumps(from, nil, []game.Square{from}) {
			out = append(out, apName(from)+path("x", j))
		}
	} else {
		for _, t := range l.plain(from) {
			out = append(out, apName(from)+"-"+apName(t))
		}
	}
	knight := l.piece(from).Kind() == game.Knight
	l.allCanters(from, nil, []game.Square{from}, knight, func(canters, jumps []game.Square) {
		if mustJump && len(jumps) == 0 {
			return
		}
		out = append(out, apName(from)+path("^", canters)+path("x", jumps))
	})
	return out
}

// texts lists the position's move texts, less those AbstractPlay's
// castle-move check refuses (V14.4).
func (l apLister) texts() []string {
	var pieces []game.Square
	for _, s := range l.v.Squares() {
		if l.own(s) {
			pieces = append(pieces, s)
		}
	}
	mustJump, home := false, game.NoSquare
	var jumpers []game.Square
	for _, s := range pieces {
		if len(l.jumps(s, nil)) > 0 {
			mustJump = true
			jumpers = append(jumpers, s)
		}
		if slices.Contains(l.castle(l.side), s) {
			home = s
		}
	}
	var out []string
	if home != game.NoSquare {
		out = l.movesFrom(home, slices.Contains(jumpers, home))
	} else {
		for _, s := range pieces {
			out = append(out, l.movesFrom(s, mustJump)...)
		}
	}
	if l.side == game.White && l.p.CastleMoves(game.White) >= 2 {
		out = slices.DeleteFunc(out, func(t string) bool {
			from, _ := game.ParseSquare(strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == '^' || r == 'x' })[0])
			return slices.Contains(l.castle(game.White), from)
		})
	}
	return out
}

var apTextPattern = regexp.MustCompile(`^([a-n][0-9]{1,2})((-[a-n][0-9]{1,2})|(\^[a-n][0-9]{1,2})+(x[a-n][0-9]{1,2})*|(x[a-n][0-9]{1,2})+)$`)

// samplePositions plays random games of v and returns positions along
// them, every ply, the start first.
func samplePositions(t *testing.T, v game.Variant, games, plies int, seed uint64) []game.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(v)))
	var out []game.Position
	for range games {
		g := boards.NewGame(v)
		for range plies {
			p := g.Position()
			out = append(out, p)
			var ms []game.Move
			if p.InTreePhase() {
				free := p.TreeChoices()
				rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
				ms = []game.Move{game.Placement(free[:3]...)}
			} else {
				ms = p.Moves()
			}
			if len(ms) == 0 || g.Outcome().IsOver() {
				break
			}
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestAbstractPlayTexts checks the writer of AbstractPlay's texts (V12)
// on every legal move of positions of all ten games under both rule sets:
// each text has AbstractPlay's form and reads back as its move; under
// abstractplay it is one of the texts AbstractPlay lists, and those texts
// name exactly the legal moves (V14.1, V14.4).
func TestAbstractPlayTexts(t *testing.T) {
	games, plies := 6, 80
	if testing.Short() {
		games, plies = 2, 40
	}
	for _, r := range game.AllRules() {
		for _, v := range game.Variants() {
			v := v.WithRules(r)
			checked := 0
			for _, p := range samplePositions(t, v, games, plies, 51) {
				if p.Outcome().IsOver() {
					continue
				}
				if p.InTreePhase() {
					free := p.TreeChoices()
					for i := 0; i+2 < len(free); i += 5 {
						m := game.Placement(free[i+2], free[i], free[i+1])
						text := p.AbstractPlayText(m)
						names := strings.Split(text, ",")
						sorted := slices.SortedFunc(slices.Values(names), func(a, b string) int {
							sa, _ := game.ParseSquare(a)
							sb, _ := game.ParseSquare(b)
							return (sa.File()*16 + sa.Rank()) - (sb.File()*16 + sb.Rank())
						})
						if text != strings.ToLower(text) || !slices.Equal(names, sorted) {
							t.Fatalf("%s %s: placement written %q: want lower case, sorted by file then rank", v, r, text)
						}
						if back, err := p.ParseMove(text); err != nil || back != m {
							t.Fatalf("%s %s: placement %q reads back as %v (%v)", v, r, text, back, err)
						}
					}
					continue
				}
				var apTexts map[string]bool
				if r == game.AbstractPlay {
					apTexts = map[string]bool{}
					for _, text := range (apLister{p: p, v: v, side: p.Side()}).texts() {
						apTexts[text] = true
					}
				}
				legal := p.Moves()
				for _, m := range legal {
					text := p.AbstractPlayText(m)
					if !apTextPattern.MatchString(text) {
						t.Fatalf("%s %s %s: %s written %q: not AbstractPlay's form", v, r, p.CFEN(), p.MoveText(m), text)
					}
					if back, err := p.ParseMove(text); err != nil || back != m {
						t.Fatalf("%s %s %s: %q reads back as %v (%v), want %s", v, r, p.CFEN(), text, back, err, p.MoveText(m))
					}
					if apTexts != nil && !apTexts[text] {
						t.Fatalf("%s %s: %q is not among AbstractPlay's texts", v, p.CFEN(), text)
					}
					checked++
				}
				if apTexts != nil {
					named := map[game.Move]bool{}
					for text := range apTexts {
						m, err := p.ParseMove(text)
						if err != nil {
							t.Fatalf("%s %s: AbstractPlay's text %q is refused: %v", v, p.CFEN(), text, err)
						}
						named[m] = true
					}
					if len(named) != len(legal) {
						t.Fatalf("%s %s: AbstractPlay's texts name %d moves, the rules core lists %d", v, p.CFEN(), len(named), len(legal))
					}
				}
			}
			if checked == 0 {
				t.Errorf("%s %s: no move checked", v, r)
			}
		}
	}
}

// TestAbstractPlayTextExamples pins V12's examples and the claim.
func TestAbstractPlayTextExamples(t *testing.T) {
	v := game.Camelot.WithRules(game.AbstractPlay)
	g := boards.NewGame(v)
	for _, text := range []string{"E7-F8", "D11-D9"} {
		if _, err := g.PlayText(text); err != nil {
			t.Fatal(err)
		}
	}
	p := g.Position()
	for in, want := range map[string]string{"C6-E8-G8": "c6^e8^g8", "D6-D8": "d6^d8", "E6-E8": "e6^g8^e8", "D6-C5": "d6-c5", "c6^e8^g8": "c6^e8^g8"} {
		m, err := p.ParseMove(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := p.AbstractPlayText(m); got != want {
			t.Errorf("%s written %q, want %q", in, got, want)
		}
	}
	if got := p.AbstractPlayText(game.ClaimDraw); got != "draw" {
		t.Errorf("the claim written %q, want draw", got)
	}
}
