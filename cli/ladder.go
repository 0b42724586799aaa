package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"

	"github.com/camelot-engine/camelot/stats"
)

// scoreLine is the summary line of a camelot match (and cutechess-cli).
var scoreLine = regexp.MustCompile(`^Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+) `)

// runLadder implements `camelot ladder`: one Elo scale from the results of
// several matches (stats.FitRatings).
func runLadder(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ladder", flag.ContinueOnError)
	fs.SetOutput(stderr)
	anchor := fs.String("anchor", "random", "the player fixed at Elo 0")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: camelot ladder [-anchor NAME] MATCH-OUTPUT…")
		fmt.Fprintln(stderr, "Fits one Elo scale to the last \"Score of A vs B: W - L - D\" line of each camelot match output.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "camelot ladder: want match output files")
		return 2
	}
	var results []stats.Result
	for _, path := range fs.Args() {
		r, err := lastScore(path)
		if err != nil {
			fmt.Fprintf(stderr, "camelot ladder: %v\n", err)
			return 1
		}
		results = append(results, r)
	}
	ratings, err := stats.FitRatings(results, *anchor)
	if err != nil {
		fmt.Fprintf(stderr, "camelot ladder: %v\n", err)
		return 1
	}
	slices.SortStableFunc(ratings, func(a, b stats.Rating) int {
		switch {
		case a.Elo < b.Elo:
			return -1
		case a.Elo > b.Elo:
			return 1
		}
		return 0
	})
	fmt.Fprintf(stdout, "%-12s %8s %8s\n", "player", "elo", "±95%")
	for _, r := range ratings {
		fmt.Fprintf(stdout, "%-12s %8.1f %8.1f\n", r.Name, r.Elo, r.Margin)
	}
	return 0
}

// lastScore reads the last score line of a match output file.
func lastScore(path string) (stats.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return stats.Result{}, err
	}
	defer f.Close()
	var r stats.Result
	found := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := scoreLine.FindStringSubmatch(sc.Text()); m != nil {
			w, _ := strconv.Atoi(m[3])
			l, _ := strconv.Atoi(m[4])
			d, _ := strconv.Atoi(m[5])
			r, found = stats.Result{A: m[1], B: m[2], Wins: w, Losses: l, Draws: d}, true
		}
	}
	if err := sc.Err(); err != nil {
		return r, fmt.Errorf("%s: %v", path, err)
	}
	if !found {
		return r, fmt.Errorf("%s: no \"Score of A vs B: W - L - D\" line", path)
	}
	return r, nil
}
