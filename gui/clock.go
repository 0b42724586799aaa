package gui

import (
	"fmt"
	"time"

	rules "github.com/camelot-engine/camelot/game"
)

// ruleClock is the Outcome.Rule of a game lost on time; the rules
// (R14–R16) know no clock, so the server keeps it.
const ruleClock = "clock"

// gameClock is a chess clock with an increment: the side to move's time
// runs down; a move adds the increment to the mover's time.
type gameClock struct {
	left    [2]time.Duration // by colour, as of since for the running side
	running bool
	side    rules.Color // whose time runs
	since   time.Time
	timer   *time.Timer // fires when the running side's time is up
	serial  int         // of the running period: a timer of an older one does nothing
}

// clockEnabled reports whether the game is played on the clock: a time is
// set and the mode is not free analysis.
func (g *game) clockEnabled() bool {
	return g.settings.Time > 0 && g.settings.Mode != modeAnalysis
}

// resetClock stops the clock and gives both sides the full time.
func (g *game) resetClock() {
	g.pauseClock(time.Now())
	t := time.Duration(g.settings.Time) * time.Millisecond
	g.clock.left = [2]time.Duration{t, t}
}

// pauseClock stops the running side's time, charging it up to now.
func (g *game) pauseClock(now time.Time) {
	c := &g.clock
	if !c.running {
		return
	}
	c.left[c.side] -= now.Sub(c.since)
	c.running = false
	c.serial++
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
}

// syncClock runs the clock of the side to move when it should run: on a
// clock, in a game that is not over, while that side can move: the engine
// searches for it, or a human plays it and the first move has been made.
// An engine that is not searching (held, failed, engine-engine play not
// started) loses no time.
func (g *game) syncClock(now time.Time) {
	side := g.g.Position().Side()
	canMove := g.thinking || !g.engineToMove(g.g) && len(g.texts) > 0
	want := g.clockEnabled() && !g.ended && !g.outcome().IsOver() && canMove
	c := &g.clock
	if c.running && (!want || c.side != side) {
		g.pauseClock(now)
	}
	if !want || c.running {
		return
	}
	c.running, c.side, c.since = true, side, now
	c.serial++
	serial := c.serial
	c.timer = time.AfterFunc(max(c.left[side], 0), func() { g.flagFall(serial) })
}

// clockLeft returns colour's time left at now.
func (g *game) clockLeft(c rules.Color, now time.Time) time.Duration {
	left := g.clock.left[c]
	if g.clock.running && g.clock.side == c {
		left -= now.Sub(g.clock.since)
	}
	return max(left, 0)
}

// chargeClock stops side's time for its move and adds the increment. It
// returns false, ending the game, when side's time had run out.
func (g *game) chargeClock(side rules.Color, now time.Time) bool {
	if !g.clockEnabled() {
		return true
	}
	wasRunning := g.clock.running
	g.pauseClock(now)
	if wasRunning && g.clock.left[side] <= 0 {
		g.lostOnTime(side)
		return false
	}
	g.clock.left[side] += time.Duration(g.settings.Inc) * time.Millisecond
	return true
}

// flagFall ends the game when the running side's time is up.
func (g *game) flagFall(serial int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := &g.clock
	if !c.running || c.serial != serial || g.ended {
		return
	}
	now := time.Now()
	if left := g.clockLeft(c.side, now); left > 0 { // woke early
		c.timer = time.AfterFunc(left, func() { g.flagFall(serial) })
		return
	}
	side := c.side
	g.pauseClock(now)
	g.lostOnTime(side)
	g.publishStateLocked()
}

// lostOnTime ends the game as a loss for side, whose time ran out.
func (g *game) lostOnTime(side rules.Color) {
	g.clock.left[side] = 0
	winner := rules.WhiteWins
	if side == rules.White {
		winner = rules.BlackWins
	}
	g.decided = &rules.Outcome{Result: winner, Rule: ruleClock, Reason: fmt.Sprintf("%s ran out of time", side)}
	g.changedLocked()
}
