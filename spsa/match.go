package spsa

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/match"
	"github.com/camelot-engine/camelot/search"
)

// MatchPlayer plays each batch as a match between two processes of a
// camelot binary started with `uci -tune` (which announces the search's
// parameters as options), through the match runner with its referee,
// clocks and adjudication.
type MatchPlayer struct {
	Engine      string   // the camelot binary
	Variant     string   // the game (V7)
	Rules       string   // the rule set (V14); "" or wcf: the WCF's
	Limit       string   // the -each limit: tc=…, st=…, nodes=… or depth=…
	Openings    string   // a file of openings, played in random order
	Concurrency int      // games at once
	Options     []string // more -each settings, option.NAME=VALUE
	Stderr      io.Writer
}

// Setup is the settings a run's state file is tied to. A run under the
// WCF's rules has the setup it always had; another rule set is named
// after the variant.
func (m *MatchPlayer) Setup() string {
	s := []string{"engine=" + m.Engine, "variant=" + m.Variant}
	if m.otherRules() {
		s = append(s, "rules="+m.Rules)
	}
	return strings.Join(append(append(s, m.Limit, "openings="+m.Openings), m.Options...), " ")
}

// otherRules reports whether the games are played under another rule set
// than the WCF's (V14).
func (m *MatchPlayer) otherRules() bool {
	return m.Rules != "" && !strings.EqualFold(m.Rules, game.WCF.String())
}

// args is the match's command line for a batch.
func (m *MatchPlayer) args(plus, minus search.Params, pairs int, seed uint64) []string {
	engine := func(name string, p search.Params) []string {
		a := []string{"-engine", "cmd=" + m.Engine, "arg=uci", "arg=-tune", "name=" + name}
		for _, d := range search.ParamTable {
			v, _ := p.Get(d.Name)
			a = append(a, fmt.Sprintf("option.%s=%d", d.Name, v))
		}
		return a
	}
	args := []string{"-variant", m.Variant}
	if m.otherRules() {
		args = append(args, "-rules", m.Rules)
	}
	args = append(args, engine("plus", plus)...)
	args = append(args, engine("minus", minus)...)
	args = append(args, "-each", m.Limit)
	args = append(args, m.Options...)
	args = append(args,
		"-openings", "file="+m.Openings, "order=random",
		"-srand", strconv.FormatUint(seed, 10),
		"-games", strconv.Itoa(2*pairs),
		"-concurrency", strconv.Itoa(max(m.Concurrency, 1)))
	return args
}

// Check refuses settings the match runner would refuse (a bad -tc, say),
// before a run starts.
func (m *MatchPlayer) Check(pairs int) error {
	d := search.DefaultParams()
	_, err := match.ParseArgs(m.args(d, d, pairs, 1))
	return err
}

// Play plays pairs game pairs, each opening once with each colour.
func (m *MatchPlayer) Play(ctx context.Context, plus, minus search.Params, pairs int, seed uint64) (Batch, error) {
	cfg, err := match.ParseArgs(m.args(plus, minus, pairs, seed))
	if err != nil {
		return Batch{}, err
	}
	rep, err := match.Run(ctx, cfg, io.Discard, m.Stderr, false)
	if err != nil {
		return Batch{}, err
	}
	if rep.Interrupted {
		return Batch{}, context.Canceled
	}
	if rep.Finished != 2*pairs {
		return Batch{}, fmt.Errorf("a batch finished %d of its %d games", rep.Finished, 2*pairs)
	}
	t := rep.Tally
	return Batch{Pairs: pairs, Wins: t.Wins, Draws: t.Draws, Losses: t.Losses}, nil
}
