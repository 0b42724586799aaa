package docscheck

// The rules, kept simple on purpose:
//
// Pages. Links are checked in README.md, docs/*.md and gui/API.md.
// Commands, options and make targets are checked in README.md and
// docs/*.md.
//
// Code. A page's code is its fenced blocks (the lines between two lines
// starting with ```) and its inline code spans (text between single
// backticks, which may run over a line break) outside those blocks. Links
// are read only outside code; commands, options and targets only inside.
//
// Links. Every [text](target) and ![alt](target) outside code. A target
// with a scheme (http:, https:, mailto:) is not checked. Otherwise the
// #fragment (and any ?query) is cut off and the rest, taken relative to the
// page's folder, must name an existing file or folder; a target that is
// only a #fragment names the page itself. TestLinkAnchors also checks that
// a #fragment into a .md page is the anchor of one of its headings, made
// as GitHub makes it: lower case, punctuation dropped, spaces to hyphens,
// -1, -2, … for repeats.
//
// Commands. In code, the words camelot, ./camelot, camelot.exe or
// "go run ." where a shell command starts (the first word, or after $, |,
// ||, &&, ;, time, nice or exec) followed by a word of lower-case letters:
// that word must be a command listed by `camelot help` (or help itself).
// The game's name elsewhere in code, as in `default camelot var cam`, is
// no command.
//
// Options. In code, "setoption name X" (X runs to " value", " [" or the
// end of the code) and "option.X=" (X of letters, digits, underscores and
// spaces, as in "option.Skill Level=5"): X must be the name of an option in
// the engine's `uci` answer. A name written as a <placeholder> is skipped.
//
// Make targets. In code, "make X" with X of lower-case letters and
// hyphens: X must be a target of the Makefile.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/camelot-engine/camelot/cli"
)

// root is the module's root, two levels above this package.
const root = "../.."

// page is one Markdown file, split into its prose and its code.
type page struct {
	path  string   // relative to root, slash-separated
	prose string   // the text outside code, code spans blanked
	code  []string // fenced-block lines and inline spans, one string each
	heads []string // heading texts, outside fenced blocks
}

var (
	spanRE    = regexp.MustCompile("`([^`]+)`")
	linkRE    = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	schemeRE  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	headingRE = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	setoptRE  = regexp.MustCompile(`\bsetoption name (.+?)(?: value\b| \[|$)`)
	optDotRE  = regexp.MustCompile(`\boption\.([A-Za-z_][A-Za-z0-9_ ]*)=`)
	lowerRE   = regexp.MustCompile(`^[a-z]+$`)
	targetRE  = regexp.MustCompile(`^[a-z][a-z-]*$`)
)

// parse splits Markdown text into prose, code and headings.
func parse(path, text string) page {
	p := page{path: path}
	var prose []string
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			prose = append(prose, "")
			continue
		}
		if inFence {
			p.code = append(p.code, line)
			prose = append(prose, "")
			continue
		}
		if m := headingRE.FindStringSubmatch(line); m != nil {
			p.heads = append(p.heads, m[1])
		}
		prose = append(prose, line)
	}
	joined := strings.Join(prose, "\n")
	for _, m := range spanRE.FindAllStringSubmatch(joined, -1) {
		p.code = append(p.code, strings.ReplaceAll(m[1], "\n", " "))
	}
	p.prose = spanRE.ReplaceAllString(joined, "")
	return p
}

// load reads a page below root.
func load(t *testing.T, rel string) page {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return parse(rel, string(b))
}

// pages returns README.md and docs/*.md, and with api also gui/API.md.
func pages(t *testing.T, api bool) []page {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"README.md"}
	for _, d := range docs {
		names = append(names, "docs/"+filepath.Base(d))
	}
	if api {
		names = append(names, "gui/API.md")
	}
	var ps []page
	for _, n := range names {
		ps = append(ps, load(t, n))
	}
	return ps
}

// link is one link target of a page, split at its '#'.
type link struct {
	target, file, fragment string
}

// links returns the relative links of p's prose: those without a scheme.
func links(p page) []link {
	var ls []link
	for _, m := range linkRE.FindAllStringSubmatch(p.prose, -1) {
		target := m[1]
		if schemeRE.MatchString(target) {
			continue
		}
		file, frag, _ := strings.Cut(target, "#")
		file, _, _ = strings.Cut(file, "?")
		ls = append(ls, link{target: target, file: file, fragment: frag})
	}
	return ls
}

// resolve returns the slash-separated path, relative to root, that a link
// of p names: p itself for a bare fragment.
func resolve(p page, l link) string {
	if l.file == "" {
		return p.path
	}
	return filepath.ToSlash(filepath.Join(filepath.Dir(filepath.FromSlash(p.path)), filepath.FromSlash(l.file)))
}

// brokenLinks lists the links of p (a page below base) that name no file.
func brokenLinks(base string, p page) []string {
	var bad []string
	for _, l := range links(p) {
		if _, err := os.Stat(filepath.Join(base, filepath.FromSlash(resolve(p, l)))); err != nil {
			bad = append(bad, fmt.Sprintf("%s: link (%s): %s does not exist", p.path, l.target, resolve(p, l)))
		}
	}
	return bad
}

// anchor is the anchor GitHub gives a heading's text.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// anchors returns the anchors of p's headings, repeats numbered.
func anchors(p page) map[string]bool {
	set := map[string]bool{}
	seen := map[string]int{}
	for _, h := range p.heads {
		a := anchor(h)
		if n := seen[a]; n > 0 {
			set[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			set[a] = true
		}
		seen[a]++
	}
	return set
}

// words splits a piece of code into words, and each fenced line or span
// stands alone: a command's word never comes from the next line.
func words(code string) []string { return strings.Fields(code) }

// commandsQuoted returns the subcommands the code of p names.
func commandsQuoted(p page) []string {
	var cmds []string
	for _, c := range p.code {
		w := words(c)
		for i := range w {
			if !commandStart(w, i) {
				continue
			}
			next := -1
			switch {
			case w[i] == "camelot" || w[i] == "./camelot" || w[i] == "camelot.exe":
				next = i + 1
			case w[i] == "go" && i+2 < len(w) && w[i+1] == "run" && w[i+2] == ".":
				next = i + 3
			}
			if next > 0 && next < len(w) && lowerRE.MatchString(w[next]) {
				cmds = append(cmds, w[next])
			}
		}
	}
	return cmds
}

// commandStart reports whether a shell command may start at word i.
func commandStart(w []string, i int) bool {
	if i == 0 {
		return true
	}
	switch w[i-1] {
	case "$", "|", "||", "&&", ";", "time", "nice", "exec":
		return true
	}
	return false
}

// optionsQuoted returns the protocol option names the code of p names.
func optionsQuoted(p page) []string {
	var opts []string
	for _, c := range p.code {
		for _, m := range setoptRE.FindAllStringSubmatch(c, -1) {
			opts = append(opts, strings.TrimSpace(m[1]))
		}
		for _, m := range optDotRE.FindAllStringSubmatch(c, -1) {
			opts = append(opts, strings.TrimSpace(m[1]))
		}
	}
	return slices.DeleteFunc(opts, func(o string) bool { return strings.Contains(o, "<") })
}

// targetsQuoted returns the make targets the code of p names.
func targetsQuoted(p page) []string {
	var ts []string
	for _, c := range p.code {
		w := words(c)
		for i := 0; i+1 < len(w); i++ {
			if w[i] == "make" && targetRE.MatchString(w[i+1]) {
				ts = append(ts, w[i+1])
			}
		}
	}
	return ts
}

// run runs the camelot command line in this process.
func run(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := cli.Main(args, strings.NewReader(stdin), &out, &errOut); code != 0 {
		t.Fatalf("camelot %s: exit status %d\n%s", strings.Join(args, " "), code, errOut.String())
	}
	return out.String()
}

// helpCommands returns the commands `camelot help` lists, and help.
func helpCommands(t *testing.T) map[string]bool {
	t.Helper()
	cmds := map[string]bool{"help": true}
	listing := false
	sc := bufio.NewScanner(strings.NewReader(run(t, "", "help")))
	for sc.Scan() {
		line := sc.Text()
		if line == "commands:" {
			listing = true
			continue
		}
		if f := strings.Fields(line); listing && len(f) > 0 {
			cmds[f[0]] = true
		}
	}
	if len(cmds) < 5 {
		t.Fatalf("camelot help lists only %v", cmds)
	}
	return cmds
}

// uciOptions returns the option names of the engine's uci answer, with
// the search parameters that uci -tune announces.
func uciOptions(t *testing.T) map[string]bool {
	t.Helper()
	opts := map[string]bool{}
	re := regexp.MustCompile(`^option name (.+?) type `)
	for _, line := range strings.Split(run(t, "uci\nquit\n", "uci", "-tune"), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			opts[m[1]] = true
		}
	}
	if len(opts) < 5 {
		t.Fatalf("uci lists only %v", opts)
	}
	return opts
}

// makeTargets returns the targets of the Makefile.
func makeTargets(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	targets := map[string]bool{}
	re := regexp.MustCompile(`(?m)^([A-Za-z0-9_-]+):([^=]|$)`)
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		targets[m[1]] = true
	}
	return targets
}

func TestLinks(t *testing.T) {
	for _, p := range pages(t, true) {
		for _, bad := range brokenLinks(root, p) {
			t.Error(bad)
		}
	}
}

func TestLinkAnchors(t *testing.T) {
	cache := map[string]map[string]bool{}
	for _, p := range pages(t, true) {
		for _, l := range links(p) {
			target := resolve(p, l)
			if l.fragment == "" || !strings.HasSuffix(target, ".md") {
				continue
			}
			set, ok := cache[target]
			if !ok {
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(target))); err != nil {
					continue // TestLinks reports it
				}
				set = anchors(load(t, target))
				cache[target] = set
			}
			if !set[l.fragment] {
				t.Errorf("%s: link (%s): %s has no heading with the anchor #%s", p.path, l.target, target, l.fragment)
			}
		}
	}
}

func TestCommandsExist(t *testing.T) {
	cmds := helpCommands(t)
	for _, p := range pages(t, false) {
		for _, c := range commandsQuoted(p) {
			if !cmds[c] {
				t.Errorf("%s: quotes `camelot %s`, which camelot help does not list", p.path, c)
			}
		}
	}
}

func TestOptionsExist(t *testing.T) {
	opts := uciOptions(t)
	for _, p := range pages(t, false) {
		for _, o := range optionsQuoted(p) {
			if !opts[o] {
				t.Errorf("%s: quotes the option %q, which the engine's uci answer does not list", p.path, o)
			}
		}
	}
}

func TestMakeTargetsExist(t *testing.T) {
	targets := makeTargets(t)
	for _, p := range pages(t, false) {
		for _, target := range targetsQuoted(p) {
			if !targets[target] {
				t.Errorf("%s: quotes `make %s`, which is no target of the Makefile", p.path, target)
			}
		}
	}
}

// TestRules checks the extraction rules on small pages, including pages
// that must fail, so the checks above cannot pass by finding nothing.
func TestRules(t *testing.T) {
	base := t.TempDir()
	if err := os.MkdirAll(filepath.Join(base, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "docs", "a.md"), []byte("# A\n\n## Two words\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text := "# Read me\n" +
		"[good](docs/a.md#two-words) [gone](docs/missing.md) ![pic](docs/gone.png)\n" +
		"[web](https://example.com/x.md) [self](#read-me) `[in code](nowhere.md)`\n" +
		"Run `camelot analyse -h` or `go run . frobnicate`, and `make test`.\n" +
		"Send `setoption name Skill\nLevel value 5` and `setoption name <name> [value <value>]`.\n" +
		"```\n" +
		"[in a block](nowhere.md)\n" +
		"./camelot match -each \"option.Use NNUE=false\" option.Hash=16 -engine cmd=./camelot\n" +
		"make nosuchtarget\n" +
		"```\n"
	if err := os.WriteFile(filepath.Join(base, "README.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p := parse("README.md", text)

	bad := brokenLinks(base, p)
	want := []string{
		"README.md: link (docs/missing.md): docs/missing.md does not exist",
		"README.md: link (docs/gone.png): docs/gone.png does not exist",
	}
	if !slices.Equal(bad, want) {
		t.Errorf("broken links %q, want %q", bad, want)
	}
	if got := anchors(parse("docs/a.md", "# A\n## Two words\n## Two words\n### `camelot gui`: it's on\n")); !got["two-words-1"] || !got["camelot-gui-its-on"] || !got["a"] {
		t.Errorf("anchors %v", got)
	}
	if got, want := commandsQuoted(p), []string{"match", "analyse", "frobnicate"}; !slices.Equal(got, want) {
		t.Errorf("commands %q, want %q", got, want)
	}
	if got, want := optionsQuoted(p), []string{"Use NNUE", "Hash", "Skill Level"}; !slices.Equal(got, want) {
		t.Errorf("options %q, want %q", got, want)
	}
	if got, want := targetsQuoted(p), []string{"nosuchtarget", "test"}; !slices.Equal(got, want) {
		t.Errorf("make targets %q, want %q", got, want)
	}
}
