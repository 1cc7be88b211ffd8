import Platform

exit(await BenchmarksCommand.run(Array(CommandLine.arguments.dropFirst())))
