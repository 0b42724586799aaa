package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWideIsFresh fails while internal/wide differs from what the
// generator writes now: a package of Packages was changed without
// `go generate ./movegen`.
func TestWideIsFresh(t *testing.T) {
	root := filepath.Join("..", "..")
	want, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	wide := filepath.Join(root, "internal", "wide")
	for name, data := range want {
		got, err := os.ReadFile(filepath.Join(wide, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./movegen)", name, err)
			continue
		}
		if !bytes.Equal(got, data) {
			t.Errorf("internal/wide/%s is stale (run go generate ./movegen)", name)
		}
	}
	err = filepath.WalkDir(wide, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(filepath.ToSlash(path), "/testdata/") {
			return err
		}
		if strings.HasSuffix(path, "_test.go") {
			if data, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(data, []byte(Header)) {
				return err // a hand-written test of the wide copy
			}
		}
		rel, _ := filepath.Rel(wide, path)
		if _, ok := want[filepath.ToSlash(rel)]; !ok {
			t.Errorf("internal/wide/%s is not generated any more: remove it (go generate ./movegen)", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRewrite checks the two changes made to a file: the header, and the
// imports of the copied packages (and only those) pointed at their wide
// copies; an overlay's build line is dropped.
func TestRewrite(t *testing.T) {
	src := "//go:build ignore\n\npackage x\n\nimport (\n\t\"fmt\"\n\n\t\"" + Module + "/engine\"\n\t\"" + Module + "/stats\"\n)\n\n//go:embed a.txt b\nvar _ = fmt.Sprint(engine.X, stats.Y)\n"
	code, embeds, err := rewrite("x.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := string(code)
	for _, want := range []string{Header + "package x", `"` + Module + `/internal/wide/engine"`, `"` + Module + `/stats"`} {
		if !strings.Contains(s, want) {
			t.Errorf("rewrite lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "go:build ignore") {
		t.Errorf("the overlay's build line is kept:\n%s", s)
	}
	if strings.Join(embeds, " ") != "a.txt b" {
		t.Errorf("embeds %q, want [a.txt b]", embeds)
	}
}

// hotCore lists the packages that may exist once per grid: those whose
// inner loops depend on the Bitboard's width. Every other package exists
// once and serves every board through package boards.
var hotCore = []string{"movegen", "eval", "engine"}

// TestOnlyTheHotCoreIsGenerated fails if a package outside the hot core is
// copied per grid, or if any generated Go file (one that starts with a
// "// Code generated … DO NOT EDIT." line, whoever wrote it) lies outside
// the hot core's packages and their copies (the weight tables of package
// tuned excepted: data, once for both grids); it also keeps the generated
// code within its budget of lines.
func TestOnlyTheHotCoreIsGenerated(t *testing.T) {
	if strings.Join(Packages, " ") != strings.Join(hotCore, " ") {
		t.Errorf("Packages = %v, want the hot core %v", Packages, hotCore)
	}
	allowed := map[string]bool{}
	for _, p := range hotCore {
		allowed[p], allowed["internal/wide/"+p] = true, true
	}
	root := filepath.Join("..", "..")
	lines, tables := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || n == "dist" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		first, _, _ := strings.Cut(string(data), "\n")
		if !strings.HasPrefix(first, "// Code generated ") || !strings.HasSuffix(first, " DO NOT EDIT.") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		// The weight tables are data that camelot tune writes, one per
		// variant and once for both grids (package tuned): they grow with
		// the games, not with the code, so they are counted apart.
		if filepath.ToSlash(rel) == "eval/tuned" {
			tables += bytes.Count(data, []byte("\n"))
			return nil
		}
		if !allowed[filepath.ToSlash(rel)] {
			t.Errorf("%s is generated outside the hot core", filepath.ToSlash(path))
		}
		lines += bytes.Count(data, []byte("\n"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The code of the rules, evaluation and search of one grid, River's
	// tree phase (V10) and the Anti forms' play (V11: its drive, its
	// contempt and its lone-piece endings) included.
	const budget = 6900
	t.Logf("%d generated lines of code, and %d of weight tables", lines, tables)
	if lines > budget {
		t.Errorf("%d generated lines, over the budget of %d", lines, budget)
	}
}
