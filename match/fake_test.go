package match

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// fakeEnv selects a misbehaving fake engine: when it is set, the test
// binary runs fakeEngine instead of the tests (see TestMain). The runner's
// engines inherit the test's environment, so a test sets it with t.Setenv
// and names the test binary as one of the engines; the real camelot
// engine ignores it.
const fakeEnv = "CAMELOT_MATCH_FAKE_ENGINE"

// Fake engine behaviours. Each plays its first legal move for its first
// two moves of every game and then misbehaves, except fakeHang, which
// hangs at once (so that only the hang can cost it time).
const (
	fakeIllegal = "illegal" // plays a move that is not legal
	fakeHang    = "hang"    // stops answering go
	fakeCrash   = "crash"   // exits in the middle of the game
	fakeNone    = "none"    // answers bestmove (none)
	fakeGood    = "good"    // never misbehaves
	// fakeClaim announces the option Rules (V14) and answers every go
	// with the draw claim, bestmove draw, whether or not it is open.
	fakeClaim = "claim"
)

// fakeIllegalMove is what fakeIllegal plays: well-formed squares, but
// never a legal move (no plain move, canter or jump goes five ranks up).
const fakeIllegalMove = "A4-A9"

// fakeEngine is a tiny engine speaking the protocol on in and out.
func fakeEngine(mode string, in io.Reader, out io.Writer) int {
	say := func(format string, a ...any) { fmt.Fprintf(out, format+"\n", a...) }
	g := boards.NewGame(game.Camelot)
	moves := 0 // own moves in this game
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			say("id name Fake %s", mode)
			say("option name Hash type spin default 16 min 1 max 1024")
			if mode == fakeClaim {
				say("option name Rules type combo default wcf var wcf var abstractplay")
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "ucinewgame":
			moves = 0
		case "position":
			g = fakePosition(f[1:])
		case "go":
			if mode == fakeClaim {
				say("info depth 1 score cp 0")
				say("bestmove draw")
				continue
			}
			moves++
			if moves > 2 || mode == fakeHang {
				switch mode {
				case fakeIllegal:
					say("info depth 1 score cp 5 pv %s", fakeIllegalMove)
					say("bestmove %s", fakeIllegalMove)
					continue
				case fakeHang:
					say("info string thinking very hard")
					continue
				case fakeCrash:
					say("info string about to crash")
					os.Exit(3)
				case fakeNone:
					say("bestmove (none)")
					continue
				}
			}
			pos := g.Position()
			ms := pos.Moves()
			if len(ms) == 0 || g.Outcome().IsOver() {
				say("bestmove (none)")
				continue
			}
			time.Sleep(time.Millisecond)
			say("info depth 1 score cp -7 pv %s", pos.MoveText(ms[0]))
			say("bestmove %s", pos.MoveText(ms[0]))
		case "quit":
			return 0
		}
	}
	return 0
}

// fakePosition reads the arguments of `position`.
func fakePosition(args []string) *game.Game {
	start := boards.StartPosition(game.Camelot)
	i := 1
	if len(args) > 0 && args[0] == "cfen" {
		for i < len(args) && args[i] != "moves" {
			i++
		}
		p, err := boards.ParseCFEN(game.Camelot, strings.Join(args[1:i], " "))
		if err == nil {
			start = p
		}
	}
	g := game.NewGame(start)
	if i < len(args) && args[i] == "moves" {
		for _, m := range args[i+1:] {
			if _, err := g.PlayText(m); err != nil {
				break
			}
		}
	}
	return g
}
