package search

import (
	"fmt"
	"strings"
)

// Params are the search's tunable constants: its pruning margins,
// reductions, aspiration window and time-management shares. The engine of
// every grid reads the same ones (Options.Params); each is a spin option of
// the protocol under its name in ParamTable, so that a tuner (camelot
// tune-search, package spsa) can set them per engine. The defaults are the
// values built in; a change of a default is a change of the search and
// needs a match that proves it (docs/tuning-search.md).
type Params struct {
	RFPDepth, RFPMargin               int // reverse futility: depth at most, margin per ply (centi-men)
	NullMinDepth, NullBase, NullDiv   int // null move: from this depth, R = NullBase + depth/NullDiv
	LMPDepth, LMPBase, LMPScale       int // late-move pruning: at depth ≤ LMPDepth, after LMPBase + LMPScale·depth² moves
	FutilityDepth, FutilityMargin     int // futility pruning of quiet moves: depth at most, margin per ply
	LMRMinDepth, LMRMinMoves          int // late-move reductions: from this depth, after this many moves
	LMRBase, LMRDivisor               int // reduction = LMRBase/100 + ln(depth)·ln(moves)/(LMRDivisor/100)
	AspirationDepth, AspirationWindow int // aspiration: from this depth, this half-width at first (centi-men)
	TimeHorizon                       int // moves the clock is shared over when movestogo is not given
	TimeStable, TimeUnstable          int // stop after an iteration past (TimeStable + TimeUnstable·changes)% of the soft time
}

// Param describes one field of Params: its option name, default, range
// and its SPSA perturbation at the end of a run (the c_end of Fishtest's
// SPSA: about a twentieth of the range that matters, at least 1 for a
// whole number of plies or moves).
type Param struct {
	Name     string
	Default  int
	Min, Max int
	CEnd     float64
	What     string
	field    func(*Params) *int
}

// ParamTable lists the tunable constants in a fixed order.
var ParamTable = []Param{
	{"RFPDepth", 3, 1, 8, 1, "reverse futility pruning: at most this depth", func(p *Params) *int { return &p.RFPDepth }},
	{"RFPMargin", 110, 20, 300, 10, "reverse futility pruning: margin per ply, centi-men", func(p *Params) *int { return &p.RFPMargin }},
	{"NullMinDepth", 3, 2, 8, 1, "null move: from this depth", func(p *Params) *int { return &p.NullMinDepth }},
	{"NullBase", 3, 1, 6, 1, "null move: the reduction's constant part", func(p *Params) *int { return &p.NullBase }},
	{"NullDiv", 3, 1, 10, 1, "null move: depth divisor of the reduction's growing part", func(p *Params) *int { return &p.NullDiv }},
	{"LMPDepth", 3, 0, 8, 1, "late-move pruning: at most this depth", func(p *Params) *int { return &p.LMPDepth }},
	{"LMPBase", 4, 1, 20, 1, "late-move pruning: moves searched at any depth", func(p *Params) *int { return &p.LMPBase }},
	{"LMPScale", 2, 1, 8, 1, "late-move pruning: moves searched more per depth squared", func(p *Params) *int { return &p.LMPScale }},
	{"FutilityDepth", 2, 0, 6, 1, "futility pruning: at most this depth", func(p *Params) *int { return &p.FutilityDepth }},
	{"FutilityMargin", 120, 20, 400, 12, "futility pruning: margin per ply, centi-men", func(p *Params) *int { return &p.FutilityMargin }},
	{"LMRMinDepth", 3, 2, 8, 1, "late-move reductions: from this depth", func(p *Params) *int { return &p.LMRMinDepth }},
	{"LMRMinMoves", 2, 1, 8, 1, "late-move reductions: after this many moves", func(p *Params) *int { return &p.LMRMinMoves }},
	{"LMRBase", 50, -100, 200, 10, "late-move reductions: constant part, hundredths of a ply", func(p *Params) *int { return &p.LMRBase }},
	{"LMRDivisor", 220, 100, 500, 15, "late-move reductions: divisor of ln(depth)·ln(moves), hundredths", func(p *Params) *int { return &p.LMRDivisor }},
	{"AspirationDepth", 4, 1, 12, 1, "aspiration windows: from this depth", func(p *Params) *int { return &p.AspirationDepth }},
	{"AspirationWindow", 30, 5, 200, 4, "aspiration windows: first half-width, centi-men", func(p *Params) *int { return &p.AspirationWindow }},
	{"TimeHorizon", 20, 10, 80, 3, "time: moves the clock is shared over without movestogo", func(p *Params) *int { return &p.TimeHorizon }},
	{"TimeStable", 36, 10, 100, 4, "time: % of the soft time after which a stable search stops", func(p *Params) *int { return &p.TimeStable }},
	{"TimeUnstable", 9, 0, 40, 2, "time: % more per change of the best move (at most 6)", func(p *Params) *int { return &p.TimeUnstable }},
}

// DefaultParams returns the built-in values.
func DefaultParams() Params {
	var p Params
	for _, d := range ParamTable {
		*d.field(&p) = d.Default
	}
	return p
}

// LookupParam finds a parameter by name, ignoring case.
func LookupParam(name string) (Param, bool) {
	for _, d := range ParamTable {
		if strings.EqualFold(d.Name, name) {
			return d, true
		}
	}
	return Param{}, false
}

// Get returns the value of the parameter named name.
func (p *Params) Get(name string) (int, error) {
	d, ok := LookupParam(name)
	if !ok {
		return 0, fmt.Errorf("unknown search parameter %q", name)
	}
	return *d.field(p), nil
}

// Set sets the parameter named name; a value outside its range is an
// error and changes nothing.
func (p *Params) Set(name string, v int) error {
	d, ok := LookupParam(name)
	if !ok {
		return fmt.Errorf("unknown search parameter %q", name)
	}
	if v < d.Min || v > d.Max {
		return fmt.Errorf("search parameter %s: %d is outside %d..%d", d.Name, v, d.Min, d.Max)
	}
	*d.field(p) = v
	return nil
}

// Changed lists the parameters that differ from the defaults as
// name=value, in table order: how a tuned setting is written on a match's
// command line (option.name=value) and in reports.
func (p Params) Changed() []string {
	var out []string
	for _, d := range ParamTable {
		if v := *d.field(&p); v != d.Default {
			out = append(out, fmt.Sprintf("%s=%d", d.Name, v))
		}
	}
	return out
}
