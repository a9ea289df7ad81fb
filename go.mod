module github.com/inka-tool/inka

go 1.26.8

require (
	github.com/go-air/gini v1.0.4
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5
	modernc.org/cc/v4 v4.31.0
	modernc.org/token v1.1.0
)

require (
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/opt v0.2.0 // indirect
	modernc.org/sortutil v1.2.1 // indirect
	modernc.org/strutil v1.2.1 // indirect
)
