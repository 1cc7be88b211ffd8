import FavoritePrimes
import FavoritePrimesLive
import PrimeTimeApp

/// Where this run keeps favourites and activity: the database, or memory only (`--sandbox`).
enum Storage {
  case database(FavoritePrimesDatabase)
  case sandbox

  /// The favourites client for the app's dependencies.
  var favoritePrimes: FavoritePrimesClient {
    switch self {
    case let .database(database): .live(database)
    case .sandbox: .inMemory()
    }
  }

  /// The activity client for the app's dependencies.
  var activity: ActivityClient {
    switch self {
    case let .database(database): .live(database)
    case .sandbox: .inMemory()
    }
  }

  /// Closes the database, if there is one, so the main file holds everything; for every way out.
  func close() {
    if case let .database(database) = self {
      database.close()
    }
  }

  /// One sentence for the banner: where favourites go.
  var summary: String {
    switch self {
    case let .database(database): "Favorites are saved in \(database.path)."
    case .sandbox: "Sandbox: favorites live in memory and nothing is saved."
    }
  }
}
