package match

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/stats"
)

// variantError is a bad -variant or -rules: Main reports it in one line.
type variantError struct{ error }

// Defaults.
const (
	DefaultGames      = 2
	DefaultTimeMargin = 50 * time.Millisecond
	genOpeningsDepth  = 4
)

// Usage is the help text of `camelot match`.
const Usage = `usage: camelot match -engine cmd=CMD [KEY=VALUE…] -engine cmd=CMD [KEY=VALUE…] [OPTIONS]
       camelot match -genopenings N [-srand S]
       camelot match merge RESULTS-FILE…

Plays games between two engines that speak the UCI-style protocol, as
referee: every move is checked with the project's own rules, and R14-R16
end the games (V5 on Cam and Camette). Options (cutechess-cli style):

  -variant NAME        the game: camelot (the default), cam, camette, chivalry,
                       river (V9) or an Anti form, anti-camelot … anti-river
                       (V7, V11).
                       Both engines are sent setoption name UCI_Variant value
                       NAME, the games start from its start position or from
                       openings of its board, and its rules judge them (V5)
  -rules NAME          the rule set: wcf (the default) or abstractplay (V14).
                       The referee plays by it, and for abstractplay both
                       engines are also sent setoption name Rules value
                       abstractplay (after UCI_Variant); an engine may then
                       claim a draw with bestmove draw where the claim is open
  -engine KEY=VALUE…   one engine; give it twice. Keys:
        cmd=CMD              program: a path, or a command found in PATH (required)
        name=NAME            name in output and records (default: from cmd)
        dir=DIR              working directory
        arg=ARG              a program argument; repeat for more
        option.NAME=VALUE    sent as setoption name NAME value VALUE
        tc=TC                clock, as -tc
        st=SECONDS           fixed time per move (go movetime)
        depth=N              go depth N
        nodes=N              go nodes N
  -each KEY=VALUE…     keys applied to both engines (an engine's own keys win)
  -games N             games to play (default 2)
  -concurrency K       games played at once (default 1)
  -tc [MOVES/]SECONDS[+INC] | inf
                       clock for the engines without their own tc= or st=,
                       e.g. 40/60+0.6 (40 moves in 60 s, 0.6 s a move), 10+0.1
  -timemargin MS       how far past its clock an engine may go (default 50)
  -openings file=FILE [order=sequential|random] [start=N]
                       openings, each played twice with colours swapped
                       (without: every game starts from the R2 position, or
                       the variant's); a file of another board is refused
  -srand N             seed for order=random (and -genopenings)
  -sprt elo0=E0 elo1=E1 [alpha=A] [beta=B]
                       sequential probability ratio test; stop when decided
  -draw movenumber=N movecount=M score=S
                       adjudicate a draw after move N when both scores stay
                       within S centi-men of zero for M moves each
  -resign movecount=M score=S
                       adjudicate a loss when an engine's score stays at or
                       below -S for M of its moves
  -pgnout FILE         append finished games to FILE
  -shard K/N           play only shard K of N: the game pairs whose index is
                       K-1 modulo N, the same games the command line without
                       -shard plays (docs/matches-cluster.md); a shard plays
                       all its games, an -sprt is decided when merged
  -results FILE        write the games' outcomes to FILE (atomically, after
                       every game), for camelot match merge
  -ratinginterval N    print the summary every N games
  -recover             restart engines that crashed (the default)
  -norecover           stop the match when an engine crashes instead
  -debug               log all engine input and output to stderr
  -genopenings N       write N balanced opening positions (CFEN lines) to
                       stdout and exit
  -h                   this help
`

// ParseArgs reads the arguments of `camelot match`.
func ParseArgs(args []string) (*Config, error) {
	cfg := &Config{Games: DefaultGames, Concurrency: 1, Recover: true, TimeMargin: DefaultTimeMargin}
	var engines [][]string
	var each []string
	var globalTC *TimeControl
	rules := game.WCF
	seen := map[string]bool{}
	for i := 0; i < len(args); {
		arg := args[i]
		if !isOptionName(arg) {
			return nil, fmt.Errorf("unexpected argument %q: options start with -", arg)
		}
		name := strings.ToLower(strings.TrimLeft(arg, "-"))
		j := i + 1
		for j < len(args) && !isOptionName(args[j]) {
			j++
		}
		vals := args[i+1 : j]
		i = j
		if name != "engine" && name != "each" {
			if seen[name] {
				return nil, fmt.Errorf("-%s given twice", name)
			}
			seen[name] = true
		}
		var err error
		switch name {
		case "engine":
			if len(vals) == 0 {
				return nil, fmt.Errorf("-engine needs KEY=VALUE settings, at least cmd=CMD")
			}
			engines = append(engines, vals)
		case "each":
			if len(vals) == 0 {
				return nil, fmt.Errorf("-each needs KEY=VALUE settings")
			}
			each = append(each, vals...)
		case "games":
			cfg.Games, err = oneInt(name, vals, 1)
		case "concurrency":
			cfg.Concurrency, err = oneInt(name, vals, 1)
		case "ratinginterval":
			cfg.RatingInterval, err = oneInt(name, vals, 0)
		case "genopenings":
			cfg.GenOpenings, err = oneInt(name, vals, 1)
		case "timemargin":
			var ms int
			ms, err = oneInt(name, vals, 0)
			cfg.TimeMargin = time.Duration(ms) * time.Millisecond
		case "tc":
			if len(vals) != 1 {
				return nil, fmt.Errorf("-tc needs one value, such as 40/60+0.6, 10+0.1 or inf")
			}
			tc, err := ParseTimeControl(vals[0])
			if err != nil {
				return nil, fmt.Errorf("-tc: %v", err)
			}
			globalTC = &tc
		case "srand":
			if len(vals) != 1 {
				return nil, fmt.Errorf("-srand needs one value: a whole number")
			}
			cfg.Seed, err = strconv.ParseUint(vals[0], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("-srand: bad seed %q: want a whole number from 0 to %d", vals[0], uint64(1<<64-1))
			}
			cfg.SeedSet = true
		case "variant":
			if len(vals) != 1 {
				return nil, variantError{fmt.Errorf("-variant needs one value: %s", game.Names())}
			}
			v, err := game.ParseVariant(vals[0])
			if err != nil {
				return nil, variantError{fmt.Errorf("-variant: %v", err)}
			}
			cfg.Variant = v
		case "rules":
			if len(vals) != 1 {
				return nil, variantError{fmt.Errorf("-rules needs one value: %s", game.RulesNames())}
			}
			r, err := game.ParseRules(vals[0])
			if err != nil {
				return nil, variantError{fmt.Errorf("-rules: %v", err)}
			}
			rules = r
		case "shard":
			cfg.Shard, cfg.Shards, err = parseShard(vals)
		case "results":
			if len(vals) != 1 {
				return nil, fmt.Errorf("-results needs one value: the file of the shard's results")
			}
			cfg.Results = vals[0]
		case "pgnout":
			if len(vals) != 1 {
				return nil, fmt.Errorf("-pgnout needs one value: the file to append games to")
			}
			cfg.PGNOut = vals[0]
		case "openings":
			cfg.Openings, err = parseOpenings(vals)
		case "sprt":
			cfg.SPRT, err = parseSPRT(vals)
		case "draw":
			cfg.Draw, err = parseDraw(vals)
		case "resign":
			cfg.Resign, err = parseResign(vals)
		case "recover", "norecover", "debug", "h", "help":
			if len(vals) > 0 {
				return nil, fmt.Errorf("-%s takes no value, got %q", name, vals[0])
			}
			switch name {
			case "recover":
				cfg.Recover = true
			case "norecover":
				cfg.Recover = false
			case "debug":
				cfg.Debug = true
			default:
				cfg.Help = true
			}
		default:
			return nil, fmt.Errorf("unknown option %s (see camelot match -h)", arg)
		}
		if err != nil {
			return nil, err
		}
	}
	cfg.Variant = cfg.Variant.WithRules(rules)
	if seen["recover"] && seen["norecover"] {
		return nil, fmt.Errorf("-recover and -norecover contradict each other")
	}
	if cfg.Help || cfg.GenOpenings > 0 {
		if cfg.GenOpenings > 0 && len(engines) > 0 {
			return nil, fmt.Errorf("-genopenings writes openings and plays no games: leave out -engine")
		}
		return cfg, nil
	}
	if len(engines) != 2 {
		return nil, fmt.Errorf("need exactly two -engine options, got %d", len(engines))
	}
	eachCfg, err := parseEngine(each, true)
	if err != nil {
		return nil, fmt.Errorf("-each: %v", err)
	}
	for k, vals := range engines {
		e, err := parseEngine(vals, false)
		if err != nil {
			return nil, fmt.Errorf("-engine #%d: %v", k+1, err)
		}
		merge(&e, &eachCfg)
		if e.TC == nil && e.ST == 0 && globalTC != nil {
			e.TC = globalTC
		}
		if e.Cmd == "" {
			return nil, fmt.Errorf("-engine #%d: missing cmd=CMD", k+1)
		}
		if e.TC != nil && e.ST > 0 {
			return nil, fmt.Errorf("-engine #%d: give either a clock (tc=) or a time per move (st=), not both", k+1)
		}
		if (e.TC == nil || e.TC.Infinite) && e.ST == 0 && e.Depth == 0 && e.Nodes == 0 {
			return nil, fmt.Errorf("-engine #%d: no limit for its searches: give -tc, or tc=, st=, depth= or nodes= in -engine or -each", k+1)
		}
		cfg.Engines[k] = e
	}
	if a, b := &cfg.Engines[0], &cfg.Engines[1]; a.Name == "" || b.Name == "" {
		if a.Name == "" {
			a.Name = defaultName(a.Cmd)
		}
		if b.Name == "" {
			b.Name = defaultName(b.Cmd)
		}
		if a.Name == b.Name {
			a.Name, b.Name = a.Name+"-1", b.Name+"-2"
		}
	}
	if cfg.Engines[0].Name == cfg.Engines[1].Name {
		return nil, fmt.Errorf("both engines are named %q: give them different names", cfg.Engines[0].Name)
	}
	if cfg.Concurrency > cfg.Games {
		cfg.Concurrency = cfg.Games
	}
	if cfg.Shards > 0 && cfg.Openings != nil && cfg.Openings.Order == Random && !cfg.SeedSet {
		return nil, fmt.Errorf("-shard with openings in random order needs -srand, so that every shard draws the same order")
	}
	cfg.Signature = matchSignature(args)
	return cfg, nil
}

// isOptionName reports whether a command-line word starts an option: a
// dash followed by a letter (so negative numbers are values).
func isOptionName(s string) bool {
	name, ok := strings.CutPrefix(s, "-")
	if !ok {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	return name != "" && (name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z') && !strings.Contains(name, "=")
}

func oneInt(name string, vals []string, lo int) (int, error) {
	if len(vals) != 1 {
		return 0, fmt.Errorf("-%s needs one value: a whole number of %d or more", name, lo)
	}
	n, err := strconv.Atoi(vals[0])
	if err != nil || n < lo {
		return 0, fmt.Errorf("-%s: bad value %q: want a whole number of %d or more", name, vals[0], lo)
	}
	return n, nil
}

// keyValues splits KEY=VALUE words, checking the keys against known.
func keyValues(what string, vals []string, known ...string) (map[string]string, error) {
	m := map[string]string{}
	for _, v := range vals {
		k, val, ok := strings.Cut(v, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("%s: %q is not KEY=VALUE (keys: %s)", what, v, strings.Join(known, ", "))
		}
		k = strings.ToLower(k)
		if !slices.Contains(known, k) {
			return nil, fmt.Errorf("%s: unknown key %q (keys: %s)", what, k, strings.Join(known, ", "))
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("%s: %s= given twice", what, k)
		}
		m[k] = val
	}
	return m, nil
}

func intValue(what, key, s string, lo int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo {
		return 0, fmt.Errorf("%s: bad %s=%q: want a whole number of %d or more", what, key, s, lo)
	}
	return n, nil
}

func floatValue(what, key, s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != v || v > 1e9 || v < -1e9 {
		return 0, fmt.Errorf("%s: bad %s=%q: want a number", what, key, s)
	}
	return v, nil
}

func parseOpenings(vals []string) (*OpeningsConfig, error) {
	m, err := keyValues("-openings", vals, "file", "order", "start")
	if err != nil {
		return nil, err
	}
	o := &OpeningsConfig{File: m["file"], Order: Sequential, Start: 1}
	if o.File == "" {
		return nil, fmt.Errorf("-openings: missing file=FILE")
	}
	if v, ok := m["order"]; ok {
		switch Order(strings.ToLower(v)) {
		case Sequential:
		case Random:
			o.Order = Random
		default:
			return nil, fmt.Errorf("-openings: bad order=%q: want sequential or random", v)
		}
	}
	if v, ok := m["start"]; ok {
		if o.Start, err = intValue("-openings", "start", v, 1); err != nil {
			return nil, err
		}
	}
	return o, nil
}

func parseSPRT(vals []string) (*stats.SPRT, error) {
	m, err := keyValues("-sprt", vals, "elo0", "elo1", "alpha", "beta")
	if err != nil {
		return nil, err
	}
	s := &stats.SPRT{Alpha: 0.05, Beta: 0.05}
	for _, k := range []string{"elo0", "elo1"} {
		if _, ok := m[k]; !ok {
			return nil, fmt.Errorf("-sprt: missing %s=ELO", k)
		}
	}
	for k, dst := range map[string]*float64{"elo0": &s.Elo0, "elo1": &s.Elo1, "alpha": &s.Alpha, "beta": &s.Beta} {
		if v, ok := m[k]; ok {
			if *dst, err = floatValue("-sprt", k, v); err != nil {
				return nil, err
			}
		}
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("-sprt: %v", strings.TrimPrefix(err.Error(), "stats: SPRT "))
	}
	return s, nil
}

func parseDraw(vals []string) (*DrawAdjudication, error) {
	m, err := keyValues("-draw", vals, "movenumber", "movecount", "score")
	if err != nil {
		return nil, err
	}
	d := &DrawAdjudication{}
	for _, k := range []string{"movecount", "score"} {
		if _, ok := m[k]; !ok {
			return nil, fmt.Errorf("-draw: missing %s=N", k)
		}
	}
	if v, ok := m["movenumber"]; ok {
		if d.MoveNumber, err = intValue("-draw", "movenumber", v, 0); err != nil {
			return nil, err
		}
	}
	if d.MoveCount, err = intValue("-draw", "movecount", m["movecount"], 1); err != nil {
		return nil, err
	}
	if d.Score, err = intValue("-draw", "score", m["score"], 0); err != nil {
		return nil, err
	}
	return d, nil
}

func parseResign(vals []string) (*ResignAdjudication, error) {
	m, err := keyValues("-resign", vals, "movecount", "score")
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"movecount", "score"} {
		if _, ok := m[k]; !ok {
			return nil, fmt.Errorf("-resign: missing %s=N", k)
		}
	}
	r := &ResignAdjudication{}
	if r.MoveCount, err = intValue("-resign", "movecount", m["movecount"], 1); err != nil {
		return nil, err
	}
	if r.Score, err = intValue("-resign", "score", m["score"], 1); err != nil {
		return nil, err
	}
	return r, nil
}

// parseEngine reads the KEY=VALUE words of -engine (or -each, which may not
// name the program's name).
func parseEngine(vals []string, each bool) (EngineConfig, error) {
	var spec EngineConfig
	set := map[string]bool{}
	e := &spec
	for _, v := range vals {
		k, val, ok := strings.Cut(v, "=")
		if !ok || k == "" {
			return spec, fmt.Errorf("%q is not KEY=VALUE (keys: cmd, name, dir, arg, option.NAME, tc, st, depth, nodes)", v)
		}
		if name, isOpt := strings.CutPrefix(k, "option."); isOpt {
			if name == "" {
				return spec, fmt.Errorf("%q: option.NAME=VALUE needs a name", v)
			}
			if strings.EqualFold(name, uciVariant) {
				return spec, fmt.Errorf("%q: give the game with -variant NAME, which also sets the referee's rules (V7)", v)
			}
			if strings.EqualFold(name, uciRules) {
				return spec, fmt.Errorf("%q: give the rule set with -rules NAME, which also sets the referee's (V14)", v)
			}
			for i, o := range e.Options {
				if strings.EqualFold(o.Name, name) {
					return spec, fmt.Errorf("option %q given twice", e.Options[i].Name)
				}
			}
			e.Options = append(e.Options, Option{name, val})
			continue
		}
		key := strings.ToLower(k)
		if key != "arg" && set[key] {
			return spec, fmt.Errorf("%s= given twice", key)
		}
		set[key] = true
		switch key {
		case "cmd":
			if val == "" {
				return spec, fmt.Errorf("empty cmd=")
			}
			e.Cmd = val
		case "name":
			if each {
				return spec, fmt.Errorf("name= belongs to -engine: the two engines need different names")
			}
			if strings.TrimSpace(val) == "" {
				return spec, fmt.Errorf("empty name=")
			}
			e.Name = val
		case "dir":
			e.Dir = val
		case "arg":
			e.Args = append(e.Args, val)
		case "tc":
			tc, err := ParseTimeControl(val)
			if err != nil {
				return spec, err
			}
			e.TC = &tc
		case "st":
			d, err := parseSeconds(val, 0)
			if err != nil || d <= 0 {
				return spec, fmt.Errorf("bad st=%q: want seconds per move above 0, such as 0.5", val)
			}
			e.ST = d
		case "depth":
			n, err := intValue("depth", "depth", val, 1)
			if err != nil {
				return spec, fmt.Errorf("bad depth=%q: want a whole number of 1 or more", val)
			}
			e.Depth = n
		case "nodes":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 1 {
				return spec, fmt.Errorf("bad nodes=%q: want a whole number of 1 or more", val)
			}
			e.Nodes = n
		case "proto":
			if !strings.EqualFold(val, "uci") {
				return spec, fmt.Errorf("proto=%q: only uci is spoken", val)
			}
		default:
			return spec, fmt.Errorf("unknown key %q (keys: cmd, name, dir, arg, option.NAME, tc, st, depth, nodes)", k)
		}
	}
	return spec, nil
}

// merge fills e with the -each settings it did not set itself. The -each
// args come before the engine's own; options the engine sets win.
func merge(e, each *EngineConfig) {
	if e.Cmd == "" {
		e.Cmd = each.Cmd
	}
	if e.Dir == "" {
		e.Dir = each.Dir
	}
	if len(each.Args) > 0 {
		e.Args = append(slices.Clone(each.Args), e.Args...)
	}
	for _, o := range each.Options {
		if !slices.ContainsFunc(e.Options, func(x Option) bool { return strings.EqualFold(x.Name, o.Name) }) {
			e.Options = append(e.Options, o)
		}
	}
	// A limit of the engine's own replaces the -each ones of the same kind;
	// tc and st exclude each other, so an own st drops an -each tc.
	if e.TC == nil && e.ST == 0 {
		e.TC, e.ST = each.TC, each.ST
	}
	if e.Depth == 0 {
		e.Depth = each.Depth
	}
	if e.Nodes == 0 {
		e.Nodes = each.Nodes
	}
}

// defaultName names an engine after its program (the first word of a
// cmd with arguments in it, see command).
func defaultName(cmd string) string {
	if f := strings.Fields(cmd); len(f) > 1 {
		if _, err := os.Stat(cmd); err != nil {
			cmd = f[0]
		}
	}
	return strings.TrimSuffix(filepath.Base(cmd), ".exe")
}
