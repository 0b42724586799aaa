package protocol

import (
	"strings"
	"testing"
)

// The option Rules (V14): declared, switched, refused, and the engine
// under AbstractPlay's rules claiming its draws (V14.3).

func TestRulesOption(t *testing.T) {
	c := newClient(t)
	lines := c.roundTrip("uci")
	found := false
	for _, l := range lines {
		found = found || l == "option name Rules type combo default wcf var wcf var abstractplay"
	}
	if !found {
		t.Errorf("uci does not declare Rules: %q", lines)
	}
	if got := c.roundTrip("setoption name Rules value AbstractPlay"); len(got) != 1 || got[0] != "info string rules abstractplay" {
		t.Fatalf("Rules abstractplay printed %q", got)
	}
	// The board's net and book serve both rule sets.
	c.quiet("setoption name EvalFile value <empty>")
	c.quiet("setoption name BookFile value <empty>")
	// V14.1: a canter R10 forbids is a move here.
	c.quiet("position startpos moves E7-F8 D11-D9 C6-E8-G8")
	if cfen := c.cfen(); !strings.HasSuffix(cfen, " b 0/0 3 2") {
		t.Errorf("after C6-E8-G8 under abstractplay: %q", cfen)
	}
	// The variant keeps the rule set, and the rule set the variant.
	c.roundTrip("setoption name UCI_Variant value cam")
	c.quiet("position startpos moves D5-D6")
	c.errorLine("setoption name Rules value fide", "fide")
	if got := c.roundTrip("setoption name Rules value wcf"); len(got) != 1 || got[0] != "info string rules wcf" {
		t.Fatalf("Rules wcf printed %q", got)
	}
	if cfen := c.cfen(); !strings.HasPrefix(cfen, "1/3/5/2n1n2/1mmmmm1/7/7/7/1MMMMM1/2N1N2/5/3/1 w") {
		t.Errorf("after Rules wcf the position is %q, want Cam's start", cfen)
	}
	c.roundTrip("setoption name UCI_Variant value camelot")
	c.errorLine("position startpos moves E7-F8 D11-D9 C6-E8-G8", "C6-E8-G8", "ply 3")
	c.errorLine("position startpos moves draw", "draw", "abstractplay")
}

// losing is a Camelot position White has lost at the given ply count:
// Black's men on F2 and G2 step into White's castle one after the other
// (R14), and White's men are far away. With the claim open (V14.3) a draw
// is better than any move.
const losing = "2/8/10/3MM7/12/12/12/12/12/12/12/12/12/10/3mm3/2 w 0/0 %s 40"

func TestRulesClaimDraw(t *testing.T) {
	c := newClient(t)
	c.roundTrip("setoption name Rules value abstractplay")
	c.quiet("setoption name OwnBook value false")
	// At 60 plies the claim is better than any move.
	c.quiet("position cfen " + strings.Replace(losing, "%s", "60", 1))
	c.send("go depth 4")
	if m := bestMove(t, c.expectPrefix("bestmove ")); m != "draw" {
		t.Errorf("lost position with the claim open: bestmove %s, want draw", m)
	}
	// Played, the claim ends the game drawn.
	c.quiet("position cfen " + strings.Replace(losing, "%s", "60", 1) + " moves draw")
	c.send("go depth 2")
	lines := c.expectPrefix("bestmove ")
	if !strings.Contains(strings.Join(lines, "\n"), "info string game over: 1/2-1/2 (V14: draw claimed") || lines[len(lines)-1] != "bestmove (none)" {
		t.Errorf("after the claim: %q", lines)
	}
	// At 10 plies there is nothing to claim: it moves.
	c.quiet("position cfen " + strings.Replace(losing, "%s", "10", 1))
	c.send("go depth 4")
	if m := bestMove(t, c.expectPrefix("bestmove ")); m == "draw" || m == "(none)" {
		t.Errorf("no claim open: bestmove %s, want a move", m)
	}
	c.errorLine("position cfen "+strings.Replace(losing, "%s", "10", 1)+" moves draw", "draw", "no draw to claim")
	// Under wcf the same position is a move, never a claim.
	c.roundTrip("setoption name Rules value wcf")
	c.quiet("position cfen " + strings.Replace(losing, "%s", "60", 1))
	c.send("go depth 4")
	if m := bestMove(t, c.expectPrefix("bestmove ")); m == "draw" || m == "(none)" {
		t.Errorf("wcf: bestmove %s, want a move", m)
	}
}

// A side whose man is boxed in its own castle has no legal move; under
// abstractplay the game goes on (V14.2): with the claim open the engine
// claims, without it there is nothing to play.
func TestRulesStuckSide(t *testing.T) {
	const boxed = "2/8/10/4mmm5/12/12/12/12/12/12/12/12/12/2M1M1M3/2MMM3/M1 w 0/0 %s 30"
	c := newClient(t)
	c.roundTrip("setoption name Rules value abstractplay")
	c.quiet("position cfen " + strings.Replace(boxed, "%s", "50", 1))
	c.send("go depth 3")
	if m := bestMove(t, c.expectPrefix("bestmove ")); m != "draw" {
		t.Errorf("stuck with the claim open: bestmove %s, want draw", m)
	}
	c.quiet("position cfen " + strings.Replace(boxed, "%s", "0", 1))
	c.send("go depth 3")
	if lines := c.expectPrefix("bestmove "); lines[len(lines)-1] != "bestmove (none)" {
		t.Errorf("stuck without a claim: %q", lines)
	}
}
