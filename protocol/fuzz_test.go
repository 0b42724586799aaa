package protocol

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/search"
)

// FuzzCommandLine feeds arbitrary input (one line or several) to a session
// after `position startpos`, then `stop`, `isready` and `quit`. The
// session must not panic or hang, must answer isready unless the input
// itself quit, and must print well-formed reports and bestmoves. Searches and perft are capped at depth 2, Hash and Threads
// at small values, so every `go` ends quickly.
func FuzzCommandLine(f *testing.F) {
	for _, seed := range []string{
		"go depth 3",
		"go infinite",
		"go ponder\nponderhit",
		"go movetime 50",
		"position cfen MM/8/10/12/12/12/12/12/12/12/12/12/mm10/10/8/2 b\ngo ponder\nponderhit",
		"position startpos moves E6-G8 H11-F9 E6-E9",
		"setoption name Move Overhead value 10",
		"go perft 3",
		"d\neval",
		"setoption name UCI_Variant value chivalry\nposition startpos moves L7-M8\nd\neval\ngo perft 2",
	} {
		f.Add(seed)
	}
	e := boards.NewEngine(search.Options{Hash: 1, Threads: 1})
	f.Fuzz(func(t *testing.T, input string) {
		s := NewSession(e)
		s.capDepth, s.capPerft, s.capHash, s.capThreads = 2, 2, 2, 2
		var out bytes.Buffer
		done := make(chan error, 1)
		go func() {
			done <- s.Run(strings.NewReader("position startpos\n"+input+"\nstop\nisready\nquit\n"), &out)
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(waitTimeout):
			t.Fatalf("session hung on input %q", input)
		}
		quits := false
		for _, l := range strings.Split(input, "\n") {
			if f := strings.Fields(l); len(f) > 0 && strings.EqualFold(f[0], "quit") {
				quits = true
			}
		}
		text := out.String()
		if !quits && !strings.HasPrefix(text, "readyok\n") && !strings.Contains(text, "\nreadyok\n") {
			t.Fatalf("input %q: isready not answered:\n%s", input, text)
		}
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if strings.HasPrefix(l, "info depth") && !infoRE.MatchString(l) {
				t.Errorf("input %q: bad info line %q", input, l)
			}
			if strings.HasPrefix(l, "bestmove") && l != "bestmove (none)" && !bestRE.MatchString(l) {
				t.Errorf("input %q: bad bestmove line %q", input, l)
			}
		}
	})
}
