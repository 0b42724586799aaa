package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// The suites of the variants (positions-cam.txt, …) are made by MakeSuite
// from self-play, by a test run on purpose (see suites_test.go): remaking
// one changes that variant's signature, and with another engine the
// games.

// suiteGames and suiteDepth are the self-play that makes the suites: games
// from the variant's start whose first two plies, and then one ply in three,
// are random moves drawn from a PCG seeded with the game's number, and
// whose other plies are searched to a fixed depth on one thread, so that
// the same engine plays the same games. The random plies keep the engines
// from walling their castles up and drawing by repetition.
const (
	suiteGames = 16
	suitePlies = 160 // a game longer than this is cut off
)

// SuiteDepth is the depth of the searched plies of each variant's suite
// games: as deep as a few minutes of self-play allow on its board.
var SuiteDepth = map[game.Variant]int{
	game.Cam: 6, game.Camette: 8, game.Chivalry: 4,
	game.AntiCamelot: 4, game.AntiCam: 6, game.AntiCamette: 8, game.AntiChivalry: 4,
	game.River: 4, game.AntiRiver: 4,
}

// suiteCandidate is a position of the self-play and how it was reached.
type suiteCandidate struct {
	pos        game.Position
	game, ply  int
	nextMove   string
	pieces     int
	mustTake   bool
	nearCastle bool
}

func selfPlay(v game.Variant, number int) []suiteCandidate {
	rng := rand.New(rand.NewPCG(uint64(number), 0x62656e6368))
	e := boards.NewEngine(search.Options{Hash: 16, Threads: 1})
	g := boards.NewGame(v)
	var out []suiteCandidate
	for ply := 0; ply < suitePlies && !g.Outcome().IsOver(); ply++ {
		pos := g.Position()
		var m game.Move
		if ply < 2 || rng.IntN(3) == 0 {
			ms := pos.Moves()
			m = ms[rng.IntN(len(ms))]
		} else {
			m = e.Search(context.Background(), g, search.Limits{Depth: SuiteDepth[v]}, nil).Best
		}
		out = append(out, suiteCandidate{
			pos: pos, game: number, ply: ply, nextMove: pos.MoveText(m),
			pieces:   pieceCount(pos),
			mustTake: pos.MustCapture(), nearCastle: nearCastle(pos),
		})
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	return out
}

// pieceCount returns the number of pieces on the board.
func pieceCount(p game.Position) int {
	n := 0
	for _, s := range p.Variant().Squares() {
		if p.PieceAt(s).IsPiece() {
			n++
		}
	}
	return n
}

// nearCastle reports whether a piece of either side stands within two
// steps of the opponent's castle.
func nearCastle(p game.Position) bool {
	v := p.Variant()
	for _, s := range v.Squares() {
		pc := p.PieceAt(s)
		if !pc.IsPiece() {
			continue
		}
		for _, k := range v.Castle(pc.Color().Other()) {
			if max(abs(s.File()-k.File()), abs(s.Rank()-k.Rank())) <= 2 {
				return true
			}
		}
	}
	return false
}

func abs(x int) int { return max(x, -x) }

// pickSuite chooses a dozen positions of the self-play: the start, two
// openings, three with a capture pending (R11), three quiet middle games,
// two with a piece near a castle and one endgame; later positions fill
// the dozen where the games gave too few of a kind.
func pickSuite(v game.Variant, games [][]suiteCandidate) []string {
	full := pieceCount(boards.StartPosition(v))
	seen := map[string]bool{}
	var lines []string
	take := func(n int, label string, ok func(c suiteCandidate) bool) {
		for round := 0; n > 0 && round < 2; round++ {
			for _, g := range games {
				for _, c := range g {
					if n == 0 {
						return
					}
					cf := c.pos.CFEN()
					if seen[cf] || c.pos.Outcome().IsOver() || len(c.pos.Moves()) == 0 || !ok(c) {
						continue
					}
					seen[cf] = true
					n--
					lines = append(lines, fmt.Sprintf("%s ; %s: self-play game %d after ply %d (next %s), %d pieces", cf, label, c.game, c.ply, c.nextMove, c.pieces))
					if round == 0 {
						break // one position a game in the first round
					}
				}
			}
		}
	}
	take(1, "opening: start position (V3)", func(c suiteCandidate) bool { return c.ply == 0 })
	take(2, "opening", func(c suiteCandidate) bool { return c.ply >= 3 && c.ply <= 8 && !c.mustTake })
	take(3, "capture pending (R11)", func(c suiteCandidate) bool { return c.ply >= 4 && c.mustTake })
	take(3, "middle game", func(c suiteCandidate) bool {
		return c.ply >= 10 && !c.mustTake && !c.nearCastle && 2*c.pieces > full
	})
	take(2, "near a castle", func(c suiteCandidate) bool { return c.ply >= 6 && c.nearCastle })
	take(1, "endgame", func(c suiteCandidate) bool { return c.ply >= 10 && 2*c.pieces <= full })
	// Where the games gave too few of a kind, later positions fill the
	// dozen.
	take(12-len(lines), "late middle game", func(c suiteCandidate) bool { return c.ply >= 16 })
	return lines
}

// MakeSuite returns the text of variant v's suite file, made from
// suiteGames games of self-play at SuiteDepth[v]; remake is the command
// that remakes it, for the file's header.
func MakeSuite(v game.Variant, remake string) string {
	var games [][]suiteCandidate
	for n := 1; n <= suiteGames; n++ {
		games = append(games, selfPlay(v, n))
	}
	lines := pickSuite(v, games)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s bench suite: one position per line, `CFEN ; comment` (CFEN: V6, read on the %s board).\n", v.Title(), v.Title())
	fmt.Fprintf(&b, "# The bench searches each to a fixed depth; its total node count with one\n")
	fmt.Fprintf(&b, "# thread is the engine's %s bench signature (camelot bench -variant %s).\n", v.Title(), v)
	fmt.Fprintf(&b, "# Made by self-play of the engine from the start (V3): %d games whose first\n", suiteGames)
	fmt.Fprintf(&b, "# two plies, then one in three, are random (PCG seeded with the game's number),\n")
	fmt.Fprintf(&b, "# the others a depth-%d search on one thread; `%s`\n", SuiteDepth[v], remake)
	fmt.Fprintf(&b, "# remakes it. Changing this file changes the signature.\n")
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.String()
}
