package netgen

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// The figures of each step, as the commands print them. Losses and Elo
// are kept as printed: the match may print inf, which JSON cannot hold.

// DatagenFigures are what datagen wrote: the file's games and positions
// (every attempt's), and datagen's own rate over its attempts.
type DatagenFigures struct {
	Games              int     `json:"games"`
	Positions          int     `json:"positions"`
	PositionsPerSecond float64 `json:"positions_per_second"`
}

// TrainFigures are the validation losses of the current net as given
// (epoch 0) and of the last epoch, and the candidate's name and size.
type TrainFigures struct {
	Epoch0Loss string `json:"epoch0_validation_loss"`
	FinalLoss  string `json:"final_validation_loss"`
	FinalEpoch int    `json:"final_epoch"`
	Net        string `json:"net"`
	Bytes      int    `json:"bytes"`
}

// The SPRT's verdicts.
const (
	VerdictH1   = "H1"
	VerdictH0   = "H0"
	VerdictNone = ""
)

// MatchResult is the final summary of `camelot match`.
type MatchResult struct {
	Wins    int    `json:"wins"`
	Losses  int    `json:"losses"`
	Draws   int    `json:"draws"`
	Games   int    `json:"games"`
	Elo     string `json:"elo"`
	Margin  string `json:"margin"` // the 95% interval's half width
	Ptnml   [5]int `json:"ptnml"`
	LLR     string `json:"llr"`
	Verdict string `json:"verdict"` // H1, H0, or "" when the games ran out first
}

var (
	scoreRE = regexp.MustCompile(`^Score of .+ vs .+: (\d+) - (\d+) - (\d+)  \[[^\]]*\] (\d+)$`)
	eloRE   = regexp.MustCompile(`^Elo difference: (\S+) \+/- (\S+),`)
	ptnmlRE = regexp.MustCompile(`^Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]$`)
	sprtRE  = regexp.MustCompile(`^SPRT: llr (\S+) .*?(?: - (H[01]) was accepted)?$`)
)

// ParseMatch reads the final summary of `camelot match` output: the lines
// after its last "Finished match", where the per-game lines are over.
func ParseMatch(text string) (MatchResult, error) {
	var m MatchResult
	lines := strings.Split(text, "\n")
	start := -1
	for i, line := range lines {
		if strings.TrimRight(line, "\r") == "Finished match" {
			start = i
		}
	}
	if start < 0 {
		return m, errors.New("no final summary (no line \"Finished match\")")
	}
	var seen [4]bool
	for _, line := range lines[start+1:] {
		line = strings.TrimRight(line, "\r")
		if s := scoreRE.FindStringSubmatch(line); s != nil && !seen[0] {
			m.Wins, m.Losses, m.Draws, m.Games = atoi(s[1]), atoi(s[2]), atoi(s[3]), atoi(s[4])
			seen[0] = true
		} else if s := eloRE.FindStringSubmatch(line); s != nil && !seen[1] {
			m.Elo, m.Margin, seen[1] = s[1], s[2], true
		} else if s := ptnmlRE.FindStringSubmatch(line); s != nil && !seen[2] {
			for k := range m.Ptnml {
				m.Ptnml[k] = atoi(s[k+1])
			}
			seen[2] = true
		} else if s := sprtRE.FindStringSubmatch(line); s != nil && !seen[3] {
			m.LLR, m.Verdict, seen[3] = s[1], s[2], true
		}
	}
	for k, what := range []string{"Score of", "Elo difference", "Ptnml(0-2)", "SPRT"} {
		if !seen[k] {
			return m, fmt.Errorf("no %q line in the final summary", what)
		}
	}
	return m, nil
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// verdictText says what the SPRT decided, for a match of at most
// maxGames games: "H1 accepted after 94 games, LLR 2.96".
func (m *MatchResult) verdictText(maxGames int) string {
	switch m.Verdict {
	case VerdictH1, VerdictH0:
		return fmt.Sprintf("%s accepted after %d games, LLR %s", m.Verdict, m.Games, m.LLR)
	}
	return fmt.Sprintf("no verdict after %d of at most %d games, LLR %s", m.Games, maxGames, m.LLR)
}

var datagenRE = regexp.MustCompile(`(?m)^datagen: .*: (\d+) games? and (\d+) positions? written in ([0-9.]+) s `)

// datagenRate is datagen's positions a second over every attempt whose
// summary the log holds.
func datagenRate(log string) float64 {
	var positions, seconds float64
	for _, s := range datagenRE.FindAllStringSubmatch(log, -1) {
		p, _ := strconv.ParseFloat(s[2], 64)
		t, _ := strconv.ParseFloat(s[3], 64)
		positions, seconds = positions+p, seconds+t
	}
	if seconds == 0 {
		return 0
	}
	return positions / seconds
}

// countData counts the games (trailer lines) and positions of a datagen
// file.
func countData(path string) (games, positions int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case len(line) == 0:
		case line[0] == '#':
			if strings.HasPrefix(string(line), "# game ") {
				games++
			}
		default:
			positions++
		}
	}
	return games, positions, sc.Err()
}

var (
	epoch0RE = regexp.MustCompile(`(?m)^epoch 0 validation (\S+) `)
	epochRE  = regexp.MustCompile(`(?m)^epoch (\d+) train \S+ validation (\S+) lr `)
)

// parseTrain reads the losses from train's log, which may hold several
// attempts: the last epoch-0 line, and the last line of the last epoch.
func parseTrain(log string, epochs int) *TrainFigures {
	f := &TrainFigures{Epoch0Loss: "-", FinalLoss: "-"}
	if s := epoch0RE.FindAllStringSubmatch(log, -1); s != nil {
		f.Epoch0Loss = s[len(s)-1][1]
	}
	for _, s := range epochRE.FindAllStringSubmatch(log, -1) {
		if e := atoi(s[1]); e == epochs {
			f.FinalEpoch, f.FinalLoss = e, s[2]
		}
	}
	return f
}

var (
	benchNodesRE = regexp.MustCompile(`(?m)^Nodes searched: (\d+)$`)
	benchNPSRE   = regexp.MustCompile(`(?m)^Nodes/second: (\d+)$`)
)

// parseBench reads the node count and speed of `camelot bench` output.
func parseBench(text string) (nodes, nps uint64, err error) {
	n, s := benchNodesRE.FindStringSubmatch(text), benchNPSRE.FindStringSubmatch(text)
	if n == nil || s == nil {
		return 0, 0, errors.New("bench printed no \"Nodes searched\" and \"Nodes/second\"")
	}
	nodes, _ = strconv.ParseUint(n[1], 10, 64)
	nps, _ = strconv.ParseUint(s[1], 10, 64)
	return nodes, nps, nil
}
