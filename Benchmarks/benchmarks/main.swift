import Platform
import CommandLineInterface

let benchmarks = StoreBenchmarks.all
let options = Options.interface(benchmarkNames: benchmarks.map(\.name)).optionsOrExit(initial: Options())
exit(await BenchmarksCommand.run(options, benchmarks: benchmarks))
