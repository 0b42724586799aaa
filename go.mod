module github.com/camelot-engine/camelot

go 1.26.8

require (
	github.com/dgryski/go-farm v0.0.0-20240924180020-3414d57e47da
	github.com/klauspost/cpuid/v2 v2.4.2
)

require golang.org/x/sys v0.41.0 // indirect
