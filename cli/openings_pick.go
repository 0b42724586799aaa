package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/camelot-engine/camelot/game"
	"github.com/camelot-engine/camelot/internal/atomicfile"
	"github.com/camelot-engine/camelot/internal/plural"
	"github.com/camelot-engine/camelot/openings"
	"github.com/camelot-engine/camelot/record"
)

// runOpeningsPick implements `camelot openings pick`: the openings of a
// pilot match on which its stronger engine won the pair (package openings).
func runOpeningsPick(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("openings pick", flag.ContinueOnError)
	fs.SetOutput(stderr)
	player := fs.String("player", "", "the pilot's stronger engine, by its name in the records (required)")
	minScore := fs.Float64("min", 1.5, "keep an opening when the player scored at least this in its two games")
	count := fs.Int("count", 600, "positions to write at most, in the pilot's order")
	out := fs.String("out", "", "output file (default: standard output)")
	variant := variantFlag(fs)
	rules := rulesFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot openings pick -player NAME [options] PILOT-RECORDS...")
		fmt.Fprintln(stderr, "Keeps the openings of a pilot match (camelot match -pgnout) whose two games, colours")
		fmt.Fprintln(stderr, "swapped, the named engine won: the openings on which the stronger engine shows it.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, ok := variantOf("openings pick", *variant, stderr)
	if !ok {
		return 2
	}
	// The pilot's games must have been played under the rule set (V14);
	// the suite names its board only.
	if v, ok = rulesOf("openings pick", v, *rules, stderr); !ok {
		return 2
	}
	switch {
	case *player == "":
		fmt.Fprintln(stderr, "camelot openings pick: -player is required")
		return 2
	case fs.NArg() == 0:
		fmt.Fprintln(stderr, "camelot openings pick: no pilot record file")
		return 2
	case *count < 1:
		fmt.Fprintln(stderr, "camelot openings pick: -count must be at least 1")
		return 2
	case *minScore < 0 || *minScore > 2:
		fmt.Fprintln(stderr, "camelot openings pick: -min must be from 0 to 2")
		return 2
	}
	var pairs []openings.PilotPair
	for _, path := range fs.Args() {
		games, err := readGames(path)
		if err != nil {
			fmt.Fprintf(stderr, "camelot openings pick: %v\n", err)
			return 1
		}
		p, err := openings.PilotPairs(games, *player)
		if err != nil {
			fmt.Fprintf(stderr, "camelot openings pick: %s: %v\n", path, err)
			return 1
		}
		if len(games) > 0 && games[0].Variant.WithRules(game.WCF) != v.WithRules(game.WCF) {
			fmt.Fprintf(stderr, "camelot openings pick: %s: games of %s, not %s (give -variant %s)\n", path, games[0].Variant.Title(), v.Title(), games[0].Variant)
			return 1
		}
		for n, g := range games {
			r, err := recordRules(g)
			if err != nil {
				fmt.Fprintf(stderr, "camelot openings pick: %s: game %d: %v\n", path, n+1, err)
				return 1
			}
			if r != v.Rules() {
				fmt.Fprintf(stderr, "camelot openings pick: %s: game %d was played under %s rules, not %s (give -rules %s)\n", path, n+1, r, v.Rules(), r)
				return 1
			}
		}
		pairs = append(pairs, p...)
	}
	kept := openings.Pick(pairs, *minScore, *count)
	if len(kept) == 0 {
		fmt.Fprintf(stderr, "camelot openings pick: no opening of %d where %s scored %g or more in two games\n", len(pairs), *player, *minScore)
		return 1
	}
	var b strings.Builder
	flags := ""
	if v.WithRules(game.WCF) != game.Camelot {
		flags = " -variant " + v.String()
	}
	if v.Rules() != game.WCF {
		flags += " -rules " + v.Rules().String()
	}
	openings.WriteSuite(&b, []string{
		fmt.Sprintf("Picked by: camelot openings pick -player %s -min %g -count %d%s %s", *player, *minScore, *count, flags, strings.Join(fs.Args(), " ")),
		fmt.Sprintf("%d of the %s of the pilot match on which %s scored %g or more in the", len(kept), plural.Of(len(pairs), "opening", "openings"), *player, *minScore),
		"two games, colours swapped.",
	}, kept)
	var err error
	if *out == "" {
		_, err = io.WriteString(stdout, b.String())
	} else {
		err = atomicfile.Write(*out, []byte(b.String()))
	}
	if err != nil {
		fmt.Fprintf(stderr, "camelot openings pick: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "camelot openings pick: kept %d of %s\n", len(kept), plural.Of(len(pairs), "opening", "openings"))
	return 0
}

// recordRules returns the rule set a game record was played under (V14):
// its variant's, or the Rules tag match writes ([Rules "AbstractPlay"]),
// or the WCF's without one.
func recordRules(g *record.Game) (game.Rules, error) {
	if r := g.Variant.Rules(); r != game.WCF {
		return r, nil
	}
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, "Rules") && t.Value != "" {
			r, err := game.ParseRules(t.Value)
			if err != nil {
				return r, fmt.Errorf("tag Rules: %v", err)
			}
			return r, nil
		}
	}
	return game.WCF, nil
}
