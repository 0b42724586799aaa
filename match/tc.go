package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/internal/plural"
)

// TimeControl is a chess clock setting in cutechess-cli notation:
// `[moves/]seconds[+increment]` or `inf`. With Moves > 0 the clock gets
// Base again every Moves moves (a period); otherwise Base is for the whole
// game. Inc is added after every move.
type TimeControl struct {
	Infinite bool
	Moves    int           // moves per period; 0: one period for the whole game
	Base     time.Duration // time per period
	Inc      time.Duration // increment per move
}

// ParseTimeControl reads `inf`, `SECONDS`, `SECONDS+INC`, `MOVES/SECONDS`
// or `MOVES/SECONDS+INC`. SECONDS may be written `MINUTES:SECONDS`;
// seconds and increments may have decimals (`40/60+0.6`, `10+0.1`,
// `1:30`).
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	text := strings.TrimSpace(s)
	if strings.EqualFold(text, "inf") || strings.EqualFold(text, "infinite") {
		tc.Infinite = true
		return tc, nil
	}
	bad := func(format string, a ...any) (TimeControl, error) {
		return TimeControl{}, fmt.Errorf("bad time control %q: %s (want [MOVES/]SECONDS[+INCREMENT] such as 40/60+0.6 or 10+0.1, or inf)", s, fmt.Sprintf(format, a...))
	}
	if text == "" {
		return bad("empty")
	}
	if moves, rest, ok := strings.Cut(text, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 1 {
			return bad("moves per period %q must be a whole number of 1 or more", moves)
		}
		tc.Moves, text = n, rest
	}
	base, inc, hasInc := strings.Cut(text, "+")
	var err error
	if tc.Base, err = parseClockTime(base); err != nil {
		return bad("time %q: %v", base, err)
	}
	if hasInc {
		if strings.Contains(inc, ":") {
			return bad("increment %q: want seconds", inc)
		}
		if tc.Inc, err = parseClockTime(inc); err != nil {
			return bad("increment %q: %v", inc, err)
		}
	}
	if tc.Base <= 0 && tc.Inc <= 0 {
		return bad("the clock would start at zero with no increment")
	}
	if tc.Moves > 0 && tc.Base <= 0 {
		return bad("a period of %s needs some time", plural.Of(tc.Moves, "move", "moves"))
	}
	return tc, nil
}

// parseClockTime reads SECONDS or MINUTES:SECONDS, decimals allowed.
func parseClockTime(s string) (time.Duration, error) {
	minutes := 0.0
	if m, sec, ok := strings.Cut(s, ":"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("minutes %q must be a whole number", m)
		}
		minutes, s = float64(n), sec
	}
	return parseSeconds(s, minutes*60)
}

// parseSeconds reads a non-negative number of seconds (plus extra seconds)
// as a duration, rounded to the millisecond.
func parseSeconds(s string, extra float64) (time.Duration, error) {
	if s == "" {
		return 0, fmt.Errorf("missing number")
	}
	if s[0] == '+' || s[0] == '-' {
		return 0, fmt.Errorf("want a number without a sign")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || strings.ContainsAny(s, "eExXpP_") {
		return 0, fmt.Errorf("not a number")
	}
	v += extra
	if v < 0 {
		return 0, fmt.Errorf("must not be negative")
	}
	if v > 1e9 {
		return 0, fmt.Errorf("too large")
	}
	return time.Duration(math.Round(v*1000)) * time.Millisecond, nil
}

// String writes the time control back in cutechess-cli notation, as the
// TimeControl tag of a game record shows it.
func (tc TimeControl) String() string {
	if tc.Infinite {
		return "inf"
	}
	s := secondsText(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + secondsText(tc.Inc)
	}
	return s
}

// secondsText writes a duration in seconds without trailing zeros.
func secondsText(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// Clock is one side's clock during a game under a TimeControl.
type Clock struct {
	tc        TimeControl
	left      time.Duration
	movesLeft int // moves to make before the period ends; 0 without periods
}

// NewClock returns a clock at the start of a game.
func NewClock(tc TimeControl) Clock {
	c := Clock{tc: tc, left: tc.Base}
	if tc.Moves > 0 {
		c.movesLeft = tc.Moves
	}
	return c
}

// Infinite reports whether the clock never runs out.
func (c Clock) Infinite() bool { return c.tc.Infinite }

// Left returns the time left on the clock (negative once the flag fell).
func (c Clock) Left() time.Duration { return c.left }

// Inc returns the increment per move.
func (c Clock) Inc() time.Duration { return c.tc.Inc }

// MovesToGo returns the moves left in the current period, 0 when the whole
// game is one period.
func (c Clock) MovesToGo() int { return c.movesLeft }

// Allowed returns how long the side may think on its next move before it
// loses on time: the time left plus margin. The increment is not part of
// it: it is added only once the move is made.
func (c Clock) Allowed(margin time.Duration) time.Duration {
	return c.left + margin
}

// Spend charges a move that took elapsed: the time is taken off the clock
// and, if the flag did not fall (the clock stays at or above -margin), the
// increment is added and a new period starts when the moves of this one
// are made. It reports whether the side was in time. An infinite clock is
// always in time.
func (c *Clock) Spend(elapsed, margin time.Duration) bool {
	if c.tc.Infinite {
		return true
	}
	c.left -= elapsed
	if c.left < -margin {
		return false
	}
	c.left = max(c.left, 0) + c.tc.Inc
	if c.tc.Moves > 0 {
		c.movesLeft--
		if c.movesLeft == 0 {
			c.movesLeft = c.tc.Moves
			c.left += c.tc.Base
		}
	}
	return true
}
