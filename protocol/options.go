package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/book"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/search"
)

// Option ranges and defaults.
// (defaultHash, maxHash and maxThreads depend on the platform: see
// limits_native.go and limits_wasm.go.)
const (
	maxMultiPV      = 64
	defaultOverhead = 30
	maxOverhead     = 5000
	maxBookPlies    = 1000
	maxSkillSeed    = 1<<31 - 1
	maxBookMargin   = 1000
)

// Option types as UCI names them.
const (
	typeSpin   = "spin"
	typeCheck  = "check"
	typeButton = "button"
	typeCombo  = "combo"
	typeString = "string"
)

// option is one setting `uci` announces and `setoption` changes.
type option struct {
	name     string
	kind     string
	def      func() int // spin default; check default as 0/1
	min, max int
	vars     []string                   // combo values; the default is vars[def()]
	engine   bool                       // changing it needs the engine idle
	apply    func(s *Session, v int)    // v: the spin value, 0/1 for a check, the index of a combo value, 0 for a button
	setText  func(s *Session, v string) // a string option's apply
	defText  func() string              // a string option's default; nil: <empty>
	tunable  bool                       // a search constant: announced only with ShowTunables
}

var options = []option{
	{name: "Hash", kind: typeSpin, def: constant(defaultHash), min: 1, max: maxHash, engine: true,
		apply: func(s *Session, v int) { s.e.SetHash(capped(v, s.capHash)) }},
	{name: "Threads", kind: typeSpin, def: DefaultThreads, min: 1, max: maxThreads, engine: true,
		apply: func(s *Session, v int) {
			s.threads = capped(v, s.capThreads)
			s.e.SetThreads(s.threads)
		}},
	{name: "MultiPV", kind: typeSpin, def: constant(1), min: 1, max: maxMultiPV, engine: true,
		apply: func(s *Session, v int) { s.e.SetMultiPV(v) }},
	{name: "Move Overhead", kind: typeSpin, def: constant(defaultOverhead), min: 0, max: maxOverhead, engine: true,
		apply: func(s *Session, v int) { s.e.SetMoveOverhead(time.Duration(v) * time.Millisecond) }},
	{name: "Ponder", kind: typeCheck, def: constant(0),
		apply: func(s *Session, v int) { s.ponder = v != 0 }},
	{name: "Clear Hash", kind: typeButton, engine: true,
		apply: func(s *Session, _ int) { s.e.NewGame() }},
	// Play selects a weak reference opponent for sanity matches.
	{name: "Play", kind: typeCombo, def: constant(0), engine: true,
		vars:  playStyles,
		apply: func(s *Session, v int) { _ = s.e.SetPlay(search.Play(playStyles[v])) }},
	// Strength levels for people (search.Skill): 20 is full strength.
	// UCI_LimitStrength with UCI_Elo picks the level instead, by the
	// calibrated curve (search.SkillForElo).
	{name: "Skill Level", kind: typeSpin, def: constant(search.MaxSkill), min: 0, max: search.MaxSkill, engine: true,
		apply: func(s *Session, v int) { s.skill.Level = v; s.applySkill() }},
	{name: "Skill Seed", kind: typeSpin, def: constant(0), min: 0, max: maxSkillSeed, engine: true,
		apply: func(s *Session, v int) { s.skill.Seed = uint64(v); s.applySkill() }},
	{name: "UCI_LimitStrength", kind: typeCheck, def: constant(0), engine: true,
		apply: func(s *Session, v int) { s.limitStrength = v != 0; s.applySkill() }},
	{name: "UCI_Elo", kind: typeSpin, def: maxElo, min: minElo(), max: maxElo(), engine: true,
		apply: func(s *Session, v int) { s.elo = v; s.applySkill() }},
	// The opening book (package book): on by default, the embedded one
	// unless BookFile names another; BookPlies and BookMargin set how much
	// the first moves vary.
	{name: "OwnBook", kind: typeCheck, def: constant(1),
		apply: func(s *Session, v int) { s.book.own = v != 0 }},
	{name: "BookFile", kind: typeString,
		setText: func(s *Session, v string) { s.setBookFile(v) }},
	{name: "BookPlies", kind: typeSpin, def: constant(book.DefaultVariety.Plies), min: 0, max: maxBookPlies,
		apply: func(s *Session, v int) { s.book.variety.Plies = v }},
	{name: "BookMargin", kind: typeSpin, def: constant(book.DefaultVariety.Margin), min: 0, max: maxBookMargin,
		apply: func(s *Session, v int) { s.book.variety.Margin = v }},
	// The learned evaluation (package nnue): on by default with the net
	// built into the binary; EvalFile loads another, Use NNUE false
	// selects the tuned evaluation (for comparisons, and as a fallback).
	{name: "Use NNUE", kind: typeCheck, def: constant(1), engine: true,
		apply: func(s *Session, v int) { s.e.SetClassic(v == 0) }},
	{name: "EvalFile", kind: typeString, engine: true, defText: defaultNetName,
		setText: func(s *Session, v string) { s.setEvalFile(v) }},
	// The game of the Parker family (V1, V7): the position becomes its
	// start, and position startpos and cfen then mean its board.
	{name: "UCI_Variant", kind: typeCombo, def: constant(0), engine: true,
		vars:  variantNames(),
		apply: func(s *Session, v int) { s.setVariant(game.Variants()[v].WithRules(s.variant.Rules())) }},
	// The rule set (V14): the WCF's, or AbstractPlay's for its games. Like
	// UCI_Variant it starts a new game at the variant's start.
	{name: "Rules", kind: typeCombo, def: constant(0), engine: true,
		vars:  rulesNames(),
		apply: func(s *Session, v int) { s.setRules(game.AllRules()[v]) }},
	// Camette's solution table (camelot solve), as Stockfish's SyzygyPath:
	// probed at the root and in the search of Camette positions only.
	{name: "SolutionPath", kind: typeString, engine: true,
		setText: func(s *Session, v string) { s.setSolutionPath(v) }},
}

// The search's tunable constants (search.ParamTable), each a spin option
// of its name: accepted always, announced by uci only with ShowTunables.
func init() {
	for _, p := range search.ParamTable {
		name := p.Name
		options = append(options, option{name: name, kind: typeSpin, def: constant(p.Default), min: p.Min, max: p.Max, engine: true, tunable: true,
			apply: func(s *Session, v int) {
				p := s.e.Options().Params
				if p.Set(name, v) == nil { // parse checked the range
					s.e.SetParams(p)
				}
			}})
	}
}

// variantNames lists UCI_Variant's values in the order of V1.
func variantNames() []string {
	var names []string
	for _, v := range game.Variants() {
		names = append(names, v.String())
	}
	return names
}

// rulesNames lists Rules' values, the default first.
func rulesNames() []string {
	var names []string
	for _, r := range game.AllRules() {
		names = append(names, r.String())
	}
	return names
}

// parseSetOption splits setoption's arguments into the option's name and
// value (both may hold spaces).
func parseSetOption(args []string) (name, value string, hasValue bool, err error) {
	if len(args) == 0 || !strings.EqualFold(args[0], "name") {
		return "", "", false, errors.New("want setoption name NAME [value VALUE]")
	}
	args = args[1:]
	var nameParts []string
	for i, a := range args {
		if strings.EqualFold(a, "value") {
			hasValue = true
			value = strings.Join(args[i+1:], " ")
			break
		}
		nameParts = append(nameParts, a)
	}
	name = strings.Join(nameParts, " ")
	if name == "" {
		return "", "", false, errors.New("missing option name")
	}
	return name, value, hasValue, nil
}

// setVariant switches the game to v (V7): the position becomes v's start
// and the engine forgets what it learned on every board (hash tables,
// histories), so that a search on v's board is a fresh engine's.
func (s *Session) setVariant(v game.Variant) {
	s.variant = v
	s.e.NewGame()
	s.game = boards.NewGame(v)
	s.last.game, s.last.texts = nil, nil
	s.out.line(fmt.Sprintf("info string variant %s files %d ranks %d startpos %s", v, v.Files(), v.Ranks(), v.StartCFEN()))
}

// setRules switches the game to rule set r (V14), at the variant's start,
// as setVariant does; the engine says so with `info string rules NAME`.
func (s *Session) setRules(r game.Rules) {
	v := s.variant.WithRules(r)
	s.variant = v
	s.e.NewGame()
	s.game = boards.NewGame(v)
	s.last.game, s.last.texts = nil, nil
	s.out.line("info string rules " + r.String())
}

var playStyles = []string{string(search.PlayNormal), string(search.PlayRandom), string(search.PlayMaterial)}

func constant(n int) func() int { return func() int { return n } }

// minElo and maxElo are UCI_Elo's range: the calibrated Elo of levels 0
// and 20.
func minElo() int { return int(search.EloOf(0) + 0.5) }
func maxElo() int { return int(search.EloOf(search.MaxSkill) + 0.5) }

// applySkill hands the engine the level the options select.
func (s *Session) applySkill() {
	sk := s.skill
	if s.limitStrength {
		sk.Level = search.SkillForElo(s.elo)
	}
	s.e.SetSkill(sk)
}

// capped applies a test cap (0: none).
func capped(v, limit int) int {
	if limit > 0 {
		return min(v, limit)
	}
	return v
}

// declaration is the option's line in the reply to `uci`.
func (o option) declaration() string {
	switch o.kind {
	case typeSpin:
		return fmt.Sprintf("option name %s type spin default %d min %d max %d", o.name, o.def(), o.min, o.max)
	case typeCheck:
		return fmt.Sprintf("option name %s type check default %t", o.name, o.def() != 0)
	case typeString:
		def := "<empty>"
		if o.defText != nil {
			def = o.defText()
		}
		return fmt.Sprintf("option name %s type string default %s", o.name, def)
	case typeCombo:
		return fmt.Sprintf("option name %s type combo default %s var %s", o.name, o.vars[o.def()], strings.Join(o.vars, " var "))
	}
	return fmt.Sprintf("option name %s type %s", o.name, o.kind)
}

// parse checks a setoption value (hasValue: the command had a value part).
func (o option) parse(value string, hasValue bool) (int, error) {
	switch o.kind {
	case typeButton:
		if hasValue {
			return 0, fmt.Errorf("option %q is a button and takes no value", o.name)
		}
		return 0, nil
	case typeCombo:
		for i, v := range o.vars {
			if strings.EqualFold(v, value) {
				return i, nil
			}
		}
		return 0, fmt.Errorf("option %q: bad value %q: want one of %s", o.name, value, strings.Join(o.vars, ", "))
	case typeCheck:
		switch strings.ToLower(value) {
		case "true":
			return 1, nil
		case "false":
			return 0, nil
		}
		if !hasValue || value == "" {
			return 0, fmt.Errorf("option %q needs a value: true or false", o.name)
		}
		return 0, fmt.Errorf("option %q: bad value %q: want true or false", o.name, value)
	}
	if !hasValue || value == "" {
		return 0, fmt.Errorf("option %q needs a value from %d to %d", o.name, o.min, o.max)
	}
	v, err := strconv.Atoi(value)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, fmt.Errorf("option %q: value %q out of range %d to %d", o.name, value, o.min, o.max)
		}
		return 0, fmt.Errorf("option %q: bad value %q: want a whole number from %d to %d", o.name, value, o.min, o.max)
	}
	if v < o.min || v > o.max {
		return 0, fmt.Errorf("option %q: value %d out of range %d to %d", o.name, v, o.min, o.max)
	}
	return v, nil
}

// cmdSetOption implements `setoption name NAME [value V]`. The name may
// contain spaces and is matched case-insensitively; the value is the rest
// of the line. A bad command changes nothing. A valid change to an engine
// option stops a running search first (its bestmove is printed).
func (s *Session) cmdSetOption(args []string) {
	name, value, hasValue, err := parseSetOption(args)
	if err != nil {
		s.errorf("setoption: %v", err)
		return
	}
	var opt *option
	for i := range options {
		if strings.EqualFold(options[i].name, name) {
			opt = &options[i]
		}
	}
	if opt == nil {
		s.errorf("setoption: unknown option %q", name)
		return
	}
	if opt.kind == typeString {
		if opt.engine {
			s.stopSearch()
		}
		opt.setText(s, strings.TrimSpace(value))
		return
	}
	v, err := opt.parse(value, hasValue)
	if err != nil {
		s.errorf("setoption: %v", err)
		return
	}
	if opt.engine {
		s.stopSearch()
	}
	opt.apply(s, v)
}
