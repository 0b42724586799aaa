package protocol

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/solve"
)

// TestSolutionKeepsValues measures the engine with Camette's whole table
// as a GUI drives it: over random positions of games played at random
// from the start (a fixed seed), `position cfen …` and `go movetime 100`
// must never answer with a move that changes the value against the side
// to move (a win to a draw or a loss, a draw to a loss). It also counts
// the wins kept at their shortest and the losses at their longest. Set
// CAMETTE_TABLE to the table's folder (a complete one: camelot solve
// -variant camette -out DIR) and CAMETTE_POSITIONS to the count (default
// 200). Reading the table's layers takes a while the first time.
func TestSolutionKeepsValues(t *testing.T) {
	dir := os.Getenv("CAMETTE_TABLE")
	if dir == "" {
		t.Skip("CAMETTE_TABLE names no table")
	}
	n := 200
	if s := os.Getenv("CAMETTE_POSITIONS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("CAMETTE_POSITIONS=%q: want a count", s)
		}
	}
	tb, err := solve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !tb.Complete() {
		t.Fatalf("%s holds %d of %d layers; the measurement wants the whole table", dir, len(tb.Manifest().Layers), len(solve.Signatures()))
	}

	// The engine as a GUI runs it, with the protocol's defaults.
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		_ = NewSession(boards.NewEngine(DefaultOptions())).Run(inR, outW)
		outW.Close()
	}()
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(l string) {
		if _, err := io.WriteString(inW, l+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { send("quit"); inW.Close() }()
	// until returns the lines up to the first that starts with prefix;
	// a layer read for the first time may take many seconds.
	until := func(prefix string) []string {
		var got []string
		timeout := time.After(5 * time.Minute)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the engine ended; it printed %q", got)
				}
				got = append(got, l)
				if strings.HasPrefix(l, prefix) {
					return got
				}
			case <-timeout:
				t.Fatalf("no %q line; the engine printed %q", prefix, got)
			}
		}
	}
	send("uci")
	until("uciok")
	send("setoption name UCI_Variant value camette")
	send("setoption name SolutionPath value " + dir)
	send("isready")
	for _, l := range until("readyok") {
		if strings.Contains(l, "error") {
			t.Fatal(l)
		}
	}

	rng := rand.New(rand.NewPCG(20260101, 7))
	type tally struct{ positions, kept, best int }
	var won, drawn, lost tally
	start := time.Now()
	for done := 0; done < n; {
		// A game played at random from the start, stopped after up to 60
		// plies or at its end; its last position is measured unless over.
		g := boards.NewGame(game.Camette)
		for plies := rng.IntN(61); plies > 0 && !g.Outcome().IsOver(); plies-- {
			ms := g.Position().Moves()
			if err := g.Play(ms[rng.IntN(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().IsOver() {
			continue
		}
		p := g.Position()
		v, ok, err := tb.ProbeCFEN(p.CFEN())
		if !ok || err != nil {
			t.Fatalf("%s: not in the table (%v)", p.CFEN(), err)
		}
		send("position cfen " + p.CFEN())
		send("go movetime 100")
		got := until("bestmove ")
		m, err := p.ParseMove(strings.Fields(got[len(got)-1])[1])
		if err != nil {
			t.Fatalf("%s: %q: %v", p.CFEN(), got[len(got)-1], err)
		}
		after := p.Play(m)
		w, ok, err := tb.ProbeCFEN(after.CFEN())
		if !ok || err != nil {
			t.Fatalf("%s: not in the table (%v)", after.CFEN(), err)
		}
		var tl *tally
		var kept bool
		switch {
		case v.IsWin():
			tl, kept = &won, w.IsLoss()
		case v.IsLoss():
			tl, kept = &lost, true // nothing to lose
		default:
			tl, kept = &drawn, !w.IsWin()
		}
		tl.positions++
		if kept {
			tl.kept++
		} else {
			t.Errorf("%s, a %s: %s leads to a %s for the opponent", p.CFEN(), v, p.MoveText(m), w)
		}
		if keeps(v, w) {
			tl.best++
		} else if kept {
			t.Logf("%s, a %s: %s leads to a %s for the opponent, not the fastest or longest", p.CFEN(), v, p.MoveText(m), w)
		}
		done++
	}
	summary := fmt.Sprintf("%d positions in %.1f s: won %d (kept %d, at the shortest win %d), drawn %d (kept %d), lost %d (at the longest defence %d)",
		n, time.Since(start).Seconds(), won.positions, won.kept, won.best, drawn.positions, drawn.kept, lost.positions, lost.best)
	t.Log(summary)
}
