package match

import (
	"strings"
	"testing"
	"time"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/stats"
)

func TestParseArgs(t *testing.T) {
	cfg, err := ParseArgs(strings.Fields(
		"-engine cmd=./camelot name=New arg=-x arg=y option.Hash=64 depth=9 " +
			"-engine cmd=camelot dir=/tmp option.Play=random st=0.5 " +
			"-each option.Threads=1 option.Hash=8 arg=e tc=40/60+0.6 nodes=1000 " +
			"-games 10 -concurrency 3 -openings file=o.cfen order=random start=4 " +
			"-sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -pgnout out.pgn -srand 42 " +
			"-draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=900 " +
			"-norecover -debug -ratinginterval 5 -timemargin 100"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := cfg.Engines[0], cfg.Engines[1]
	if a.Name != "New" || a.Cmd != "./camelot" || strings.Join(a.Args, " ") != "e -x y" {
		t.Errorf("engine A: %+v", a)
	}
	if len(a.Options) != 2 || a.Options[0] != (Option{"Hash", "64"}) || a.Options[1] != (Option{"Threads", "1"}) {
		t.Errorf("engine A options %v: want its own Hash=64, then Threads=1 from -each", a.Options)
	}
	if a.TC == nil || a.TC.String() != "40/60+0.6" || a.Depth != 9 || a.Nodes != 1000 || a.ST != 0 {
		t.Errorf("engine A limits: %s", a.Limits())
	}
	if b.Name != "camelot" || b.Dir != "/tmp" || b.Cmd != "camelot" || strings.Join(b.Args, " ") != "e" {
		t.Errorf("engine B: %+v", b)
	}
	if b.TC != nil || b.ST != 500*time.Millisecond || b.Nodes != 1000 {
		t.Errorf("engine B limits %q: its own st= must replace the -each tc=", b.Limits())
	}
	if b.Limits() != "st=0.5 nodes=1000" {
		t.Errorf("engine B Limits() = %q", b.Limits())
	}
	if cfg.Games != 10 || cfg.Concurrency != 3 || cfg.PGNOut != "out.pgn" || cfg.Seed != 42 || !cfg.SeedSet {
		t.Errorf("config: %+v", cfg)
	}
	if o := cfg.Openings; o == nil || o.File != "o.cfen" || o.Order != Random || o.Start != 4 {
		t.Errorf("openings: %+v", o)
	}
	if s := cfg.SPRT; s == nil || *s != (stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}) {
		t.Errorf("sprt: %+v", s)
	}
	if d := cfg.Draw; d == nil || *d != (DrawAdjudication{40, 8, 10}) {
		t.Errorf("draw: %+v", d)
	}
	if r := cfg.Resign; r == nil || *r != (ResignAdjudication{3, 900}) {
		t.Errorf("resign: %+v", r)
	}
	if cfg.Recover || !cfg.Debug || cfg.RatingInterval != 5 || cfg.TimeMargin != 100*time.Millisecond {
		t.Errorf("flags: %+v", cfg)
	}
}

func TestParseArgsDefaults(t *testing.T) {
	cfg, err := ParseArgs([]string{"-engine", "cmd=/usr/bin/camelot", "-engine", "cmd=camelot", "--tc", "10+0.1"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Games != 2 || cfg.Concurrency != 1 || !cfg.Recover || cfg.Debug || cfg.TimeMargin != 50*time.Millisecond ||
		cfg.Openings != nil || cfg.SPRT != nil || cfg.Draw != nil || cfg.Resign != nil || cfg.SeedSet {
		t.Errorf("defaults: %+v", cfg)
	}
	if a, b := cfg.Engines[0].Name, cfg.Engines[1].Name; a != "camelot-1" || b != "camelot-2" {
		t.Errorf("names %q, %q: want camelot-1 and camelot-2 for two engines with the same program", a, b)
	}
	for _, e := range cfg.Engines {
		if e.TC == nil || e.TC.String() != "10+0.1" {
			t.Errorf("engine %s: -tc not applied: %s", e.Name, e.Limits())
		}
	}
	// -concurrency is capped by -games.
	cfg, err = ParseArgs(strings.Fields("-engine cmd=a -engine cmd=b -each depth=3 -games 3 -concurrency 8"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Concurrency != 3 || cfg.Engines[0].Name != "a" || cfg.Engines[1].Name != "b" {
		t.Errorf("got concurrency %d, names %q %q", cfg.Concurrency, cfg.Engines[0].Name, cfg.Engines[1].Name)
	}
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}} {
		cfg, err := ParseArgs(args)
		if err != nil || !cfg.Help {
			t.Errorf("%v: help %v, error %v", args, cfg != nil && cfg.Help, err)
		}
	}
	cfg, err = ParseArgs(strings.Fields("-genopenings 10 -srand 7"))
	if err != nil || cfg.GenOpenings != 10 || cfg.Seed != 7 {
		t.Errorf("-genopenings: %+v, %v", cfg, err)
	}
}

func TestParseArgsErrors(t *testing.T) {
	two := "-engine cmd=a -engine cmd=b "
	for _, c := range []struct{ args, want string }{
		{"", "need exactly two -engine options, got 0"},
		{"-engine cmd=a depth=1", "need exactly two -engine options, got 1"},
		{two + "-each depth=1 -engine cmd=c", "need exactly two -engine options, got 3"},
		{two, "-engine #1: no limit for its searches"},
		{two + "-tc inf", "no limit for its searches"},
		{"-engine name=x depth=1 -engine cmd=b depth=1", "-engine #1: missing cmd=CMD"},
		{"-engine cmd=a depth=1 -engine cmd=b -each", "-each needs KEY=VALUE settings"},
		{"-engine -engine cmd=b", "-engine needs KEY=VALUE settings"},
		{two + "-each depth=1 -games 0", "-games: bad value \"0\""},
		{two + "-each depth=1 -games", "-games needs one value"},
		{two + "-each depth=1 -games 2 3", "-games needs one value"},
		{two + "-each depth=1 -games x", "-games: bad value \"x\""},
		{two + "-each depth=1 -concurrency -1", "-concurrency: bad value \"-1\""},
		{two + "-each depth=1 -games 2 -games 4", "-games given twice"},
		{two + "-each depth=1 -bogus", "unknown option -bogus"},
		{two + "-each depth=1 stray", "-each: \"stray\" is not KEY=VALUE"},
		{"stray " + two, "unexpected argument \"stray\""},
		{two + "-each depth=1 -tc 40/", "bad time control \"40/\""},
		{two + "-each tc=abc", "-each: bad time control \"abc\""},
		{"-engine cmd=a tc=1+x -engine cmd=b", "-engine #1: bad time control \"1+x\""},
		{two + "-each depth=1 -tc", "-tc needs one value"},
		{"-engine cmd=a tc=10 st=1 -engine cmd=b depth=1", "-engine #1: give either a clock (tc=) or a time per move (st=), not both"},
		{two + "-each st=0", "bad st=\"0\""},
		{two + "-each st=-1", "bad st=\"-1\""},
		{two + "-each depth=0", "bad depth=\"0\""},
		{two + "-each nodes=1e6", "bad nodes=\"1e6\""},
		{two + "-each depth=1 depth=2", "depth= given twice"},
		{two + "-each name=x depth=1", "name= belongs to -engine"},
		{two + "-each depth", "\"depth\" is not KEY=VALUE"},
		{two + "-each speed=3", "unknown key \"speed\""},
		{two + "-each option.=3 depth=1", "option.NAME=VALUE needs a name"},
		{two + "-each option.Hash=3 option.hash=4 depth=1", "option \"Hash\" given twice"},
		{"-engine cmd=a name=x depth=1 -engine cmd=b name=x depth=1", "both engines are named \"x\""},
		{two + "-each proto=xboard depth=1", "only uci is spoken"},
		{two + "-each depth=1 -openings order=random", "-openings: missing file=FILE"},
		{two + "-each depth=1 -openings file=x order=shuffled", "bad order=\"shuffled\""},
		{two + "-each depth=1 -openings file=x start=0", "bad start=\"0\""},
		{two + "-each depth=1 -openings file=x plies=3", "unknown key \"plies\""},
		{two + "-each depth=1 -openings file", "\"file\" is not KEY=VALUE"},
		{two + "-each depth=1 -sprt elo0=0", "-sprt: missing elo1=ELO"},
		{two + "-each depth=1 -sprt elo0=5 elo1=0", "elo0 (5) must be less than elo1 (0)"},
		{two + "-each depth=1 -sprt elo0=0 elo1=5 alpha=0", "alpha (0) must be in (0, 1)"},
		{two + "-each depth=1 -sprt elo0=0 elo1=5 alpha=0.6 beta=0.5", "alpha + beta"},
		{two + "-each depth=1 -sprt elo0=x elo1=5", "bad elo0=\"x\""},
		{two + "-each depth=1 -draw movenumber=1 score=10", "-draw: missing movecount=N"},
		{two + "-each depth=1 -draw movecount=0 score=10", "bad movecount=\"0\""},
		{two + "-each depth=1 -resign movecount=3", "-resign: missing score=N"},
		{two + "-each depth=1 -resign movecount=3 score=0", "bad score=\"0\""},
		{two + "-each depth=1 -srand x", "-srand: bad seed \"x\""},
		{two + "-each depth=1 -srand -3", "-srand: bad seed \"-3\""},
		{two + "-each depth=1 -pgnout", "-pgnout needs one value"},
		{two + "-each depth=1 -debug yes", "-debug takes no value"},
		{two + "-each depth=1 -recover -norecover", "contradict"},
		{two + "-each depth=1 -timemargin -5", "-timemargin: bad value \"-5\""},
		{"-genopenings 10 " + two, "-genopenings writes openings and plays no games"},
		{"-genopenings 0", "-genopenings: bad value \"0\""},
	} {
		_, err := ParseArgs(strings.Fields(c.args))
		if err == nil {
			t.Errorf("%q: no error, want %q", c.args, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want it to contain %q", c.args, err, c.want)
		}
	}
}

func TestParseTimeControl(t *testing.T) {
	for _, c := range []struct {
		in   string
		want TimeControl
		text string
	}{
		{"inf", TimeControl{Infinite: true}, "inf"},
		{"10", TimeControl{Base: 10 * time.Second}, "10"},
		{"10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"40/60+0.6", TimeControl{Moves: 40, Base: time.Minute, Inc: 600 * time.Millisecond}, "40/60+0.6"},
		{"40/60", TimeControl{Moves: 40, Base: time.Minute}, "40/60"},
		{"1:30+1", TimeControl{Base: 90 * time.Second, Inc: time.Second}, "90+1"},
		{"0.5", TimeControl{Base: 500 * time.Millisecond}, "0.5"},
		{"0+0.1", TimeControl{Inc: 100 * time.Millisecond}, "0+0.1"},
	} {
		got, err := ParseTimeControl(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got != c.want || got.String() != c.text {
			t.Errorf("%q: got %+v (%s), want %+v (%s)", c.in, got, got, c.want, c.text)
		}
	}
	for _, in := range []string{"", "x", "40/", "/60", "0/60", "-1", "10+", "10+-1", "0", "0+0", "40/0+1",
		"10+1:00", "1e3", "NaN", "+Inf", "a:10", "+10", "10++1", "40/60/2", "1_0"} {
		if tc, err := ParseTimeControl(in); err == nil {
			t.Errorf("%q: accepted as %+v", in, tc)
		} else if !strings.Contains(err.Error(), "bad time control") {
			t.Errorf("%q: unclear error %q", in, err)
		}
	}
}

func TestClock(t *testing.T) {
	const margin = 50 * time.Millisecond
	tc, _ := ParseTimeControl("3/10+1")
	c := NewClock(tc)
	if c.Left() != 10*time.Second || c.MovesToGo() != 3 || c.Inc() != time.Second {
		t.Fatalf("new clock: left %v, movestogo %d", c.Left(), c.MovesToGo())
	}
	steps := []struct {
		spend     time.Duration
		left      time.Duration
		movesToGo int
	}{
		{2 * time.Second, 9 * time.Second, 2},                            // 10 - 2 + 1
		{4 * time.Second, 6 * time.Second, 1},                            // 9 - 4 + 1
		{1 * time.Second, 16 * time.Second, 3},                           // 6 - 1 + 1, then a new period: + 10
		{16*time.Second + 40*time.Millisecond, 1 * time.Second, 2},       // within the margin: 0 + 1
		{1*time.Second + 60*time.Millisecond, -60 * time.Millisecond, 2}, // flag falls
	}
	for i, s := range steps {
		ok := c.Spend(s.spend, margin)
		if ok != (i < len(steps)-1) {
			t.Fatalf("step %d: in time %v", i, ok)
		}
		if c.Left() != s.left || c.MovesToGo() != s.movesToGo {
			t.Fatalf("step %d: left %v, movestogo %d; want %v, %d", i, c.Left(), c.MovesToGo(), s.left, s.movesToGo)
		}
	}
	if got := NewClock(tc).Allowed(margin); got != 10*time.Second+margin {
		t.Errorf("Allowed = %v: the increment must not count", got)
	}

	inc, _ := ParseTimeControl("1+0.5")
	c = NewClock(inc)
	for range 10 {
		if !c.Spend(400*time.Millisecond, margin) {
			t.Fatal("a move below the increment lost on time")
		}
	}
	if c.Left() != 2*time.Second || c.MovesToGo() != 0 {
		t.Errorf("after 10 moves of 0.4 s at 1+0.5: %v left, movestogo %d", c.Left(), c.MovesToGo())
	}
	c = NewClock(TimeControl{Infinite: true})
	if !c.Spend(time.Hour, 0) || !c.Infinite() {
		t.Error("an infinite clock ran out")
	}
}

func TestGoCommand(t *testing.T) {
	tcA, _ := ParseTimeControl("40/60+0.6")
	tcB, _ := ParseTimeControl("10+0.1")
	cfg := &Config{Engines: [2]EngineConfig{{Name: "A", TC: &tcA, Depth: 7}, {Name: "B", TC: &tcB}}}
	ca, cb := NewClock(tcA), NewClock(tcB)
	s := &gameState{ref: &referee{cfg: cfg}, spec: gameSpec{white: 1}, clocks: [2]*Clock{&cb, &ca}}
	cmd, allowed := s.goCommand(game.Black, &cfg.Engines[0], 50*time.Millisecond)
	if want := "go wtime 10000 btime 60000 winc 100 binc 600 movestogo 40 depth 7"; cmd != want || allowed != 60050*time.Millisecond {
		t.Errorf("got %q allowing %v, want %q", cmd, allowed, want)
	}
	cmd, allowed = s.goCommand(game.White, &cfg.Engines[1], 0)
	if want := "go wtime 10000 btime 60000 winc 100 binc 600"; cmd != want || allowed != 10*time.Second {
		t.Errorf("got %q allowing %v, want %q", cmd, allowed, want)
	}
	st := EngineConfig{ST: 1500 * time.Millisecond, Nodes: 5000}
	s.clocks = [2]*Clock{}
	if cmd, allowed := s.goCommand(game.White, &st, 50*time.Millisecond); cmd != "go movetime 1500 nodes 5000" || allowed != 1550*time.Millisecond {
		t.Errorf("st: got %q allowing %v", cmd, allowed)
	}
	d := EngineConfig{Depth: 3}
	if cmd, allowed := s.goCommand(game.White, &d, 50*time.Millisecond); cmd != "go depth 3" || allowed != 0 {
		t.Errorf("depth: got %q allowing %v", cmd, allowed)
	}
}

func TestParseInfoAndComment(t *testing.T) {
	var ev moveEval
	if ev.comment(520*time.Millisecond) != "0.52s" {
		t.Errorf("no score: %q", ev.comment(520*time.Millisecond))
	}
	for _, c := range []struct{ line, want string }{
		{"info depth 12 seldepth 15 multipv 1 score cp 35 nodes 100 nps 5 hashfull 0 time 3 pv E6-G8", "+0.35/12 0.52s"},
		{"info depth 3 score cp -120 pv E6-G8", "-1.20/3 0.52s"},
		{"info depth 4 score cp -5", "-0.05/4 0.52s"},
		{"info depth 5 score cp 0", "0.00/5 0.52s"},
		{"info depth 9 score mate 3 pv A1", "+M3/9 0.52s"},
		{"info depth 9 score mate -2", "-M2/9 0.52s"},
		{"info string score cp 999", "-M2/9 0.52s"},       // a string is not a score
		{"info depth 10 nodes 5", "-M2/9 0.52s"},          // no score: the last one stays
		{"info depth 11 score lowerbound", "-M2/9 0.52s"}, // malformed
	} {
		parseInfo(c.line, &ev)
		if got := ev.comment(520 * time.Millisecond); got != c.want {
			t.Errorf("after %q: comment %q, want %q", c.line, got, c.want)
		}
	}
	if v := (moveEval{ok: true, mate: 3}).value(); v < 99000 {
		t.Errorf("mate 3 value %d", v)
	}
	if v := (moveEval{ok: true, mate: -3}).value(); v > -99000 {
		t.Errorf("mate -3 value %d", v)
	}
}

func TestGenerateOpeningsDeterministic(t *testing.T) {
	var a, b strings.Builder
	if err := GenerateOpenings(&a, 3, 9, 2); err != nil {
		t.Fatal(err)
	}
	if err := GenerateOpenings(&b, 3, 9, 2); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatalf("two runs differ:\n%s\n%s", a.String(), b.String())
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(a.String()), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		cfen, _, _ := strings.Cut(line, "#")
		p, err := boards.ParseCFEN(game.Camelot, strings.TrimSpace(cfen))
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if p.Outcome().IsOver() {
			t.Errorf("line %q: the game is over", line)
		}
		n++
	}
	if n != 3 {
		t.Errorf("%d positions, want 3", n)
	}
	if err := GenerateOpenings(&a, 0, 1, 4); err == nil {
		t.Error("n=0 accepted")
	}
}
