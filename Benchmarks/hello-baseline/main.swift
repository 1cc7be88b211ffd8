// The baseline of Benchmarks/compare-startup.sh: a Swift executable that only prints one line, built the
// same way as primetime (SwiftPM, release), so its start-up time and peak memory are what any Swift program
// pays before it does anything.
print("Hello, PrimeTime!")
