package netgen

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/camelot-engine/camelot/internal/atomicfile"
)

// Settings are what decides a work folder's files, kept in
// DIR/settings.json by the first run: a later run must have the same.
// The match's concurrency is not one (it changes how fast the games are
// played, not which), nor are -steps, -force and -dry-run.
type Settings struct {
	Variant string  `json:"variant"`
	Gen     int     `json:"gen"`
	Net     string  `json:"net"`     // the current net's name: its content
	Buckets int     `json:"buckets"` // the current net's, which the candidate keeps
	Seed    uint64  `json:"seed"`
	Games   int     `json:"games"`
	Threads int     `json:"threads"` // train's checkpoint holds it too
	Epochs  int     `json:"epochs"`
	LR      float64 `json:"lr"`
	// Lambda is train's -lambda; nil in the settings of a run made
	// before the setting was kept, which trained with DefaultLambda.
	Lambda        *float64 `json:"lambda,omitempty"`
	TC            string   `json:"tc"`
	MatchGames    int      `json:"match_games"`
	Openings      string   `json:"openings"` // "" for DIR/openings.cfen
	OpeningsCount int      `json:"openings_count"`
}

func (r *run) settingsNow() Settings {
	return Settings{
		Variant: r.Variant.String(), Gen: r.Gen, Net: r.current.Name, Buckets: r.current.Buckets,
		Seed: r.Seed, Games: r.Games, Threads: r.Threads, Epochs: r.Epochs, LR: r.LR, Lambda: &r.Lambda,
		TC: r.TC, MatchGames: r.MatchGames, Openings: r.Openings, OpeningsCount: r.OpeningsCount,
	}
}

// differ names the first setting in which now differs from s, as the
// flag that sets it: "-games 12000 then, 6000 now"; "" when none does.
func (s Settings) differ(now Settings) string {
	for _, f := range []struct{ name, then, now string }{
		{"-variant", s.Variant, now.Variant},
		{"-gen", strconv.Itoa(s.Gen), strconv.Itoa(now.Gen)},
		{"the current net (-from)", s.Net, now.Net},
		{"the current net's output buckets", strconv.Itoa(s.Buckets), strconv.Itoa(now.Buckets)},
		{"-seed", strconv.FormatUint(s.Seed, 10), strconv.FormatUint(now.Seed, 10)},
		{"-games", strconv.Itoa(s.Games), strconv.Itoa(now.Games)},
		{"-threads", strconv.Itoa(s.Threads), strconv.Itoa(now.Threads)},
		{"-epochs", strconv.Itoa(s.Epochs), strconv.Itoa(now.Epochs)},
		{"-lr", strconv.FormatFloat(s.LR, 'g', -1, 64), strconv.FormatFloat(now.LR, 'g', -1, 64)},
		{"-lambda", lambdaText(s.Lambda), lambdaText(now.Lambda)},
		{"-tc", s.TC, now.TC},
		{"-match-games", strconv.Itoa(s.MatchGames), strconv.Itoa(now.MatchGames)},
		{"-openings", s.Openings, now.Openings},
		{"the openings' count", strconv.Itoa(s.OpeningsCount), strconv.Itoa(now.OpeningsCount)},
	} {
		if f.then != f.now {
			return fmt.Sprintf("%s %s then, %s now", f.name, orNone(f.then), orNone(f.now))
		}
	}
	return ""
}

func lambdaText(l *float64) string {
	if l == nil {
		return strconv.FormatFloat(DefaultLambda, 'g', -1, 64)
	}
	return strconv.FormatFloat(*l, 'g', -1, 64)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// readSettings reads a settings file; ok is false when there is none.
func readSettings(path string) (s Settings, ok bool, err error) {
	ok, err = readJSON(path, &s)
	return s, ok, err
}

// done is a finished step's file, DIR/<step>.done: its time and figures.
type done struct {
	Step    string          `json:"step"`
	Seconds float64         `json:"seconds"`
	Took    string          `json:"took"`
	Datagen *DatagenFigures `json:"datagen,omitempty"`
	Train   *TrainFigures   `json:"train,omitempty"`
	Match   *MatchResult    `json:"match,omitempty"`
	Install *InstallFigures `json:"install,omitempty"`
}

func readDone(path string, d *done) (bool, error) { return readJSON(path, d) }

// readJSON reads path into v; false when there is no such file.
func readJSON(path string, v any) (bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("%s: %v (remove it to redo its step)", path, err)
	}
	return true, nil
}

// writeJSON writes v to path through a temporary file, so that a kill
// leaves the old file or the whole new one.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(path, append(data, '\n'))
}

func writeFile(path string, data []byte) error { return atomicfile.Write(path, data) }

// readSpent reads the seconds that interrupted attempts at a step took.
func readSpent(path string) float64 {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	s, err := strconv.ParseFloat(strings.TrimSpace(string(data)), 64)
	if err != nil || s < 0 {
		return 0
	}
	return s
}
