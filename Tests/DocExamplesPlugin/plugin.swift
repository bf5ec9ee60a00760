import Foundation
import PackagePlugin

/// Extracts the Swift code blocks of every DocC article in `Sources/*/*.docc` into a source
/// file of the target it is applied to (DocExampleTests), so the examples compile with the
/// tests and the articles are their only copy.
@main
struct DocExamplesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let sources = context.package.directoryURL.appending(path: "Sources")
    let files = FileManager.default
    var articles: [URL] = []
    for module in try files.contentsOfDirectory(atPath: sources.path).sorted() {
      let catalog = sources.appending(path: module).appending(path: "\(module).docc")
      guard let names = files.enumerator(atPath: catalog.path) else { continue }
      for case let name as String in names where name.hasSuffix(".md") {
        articles.append(catalog.appending(path: name))
      }
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "DocExamples.swift")
    return [
      .buildCommand(
        displayName: "Extracting the Swift examples of \(articles.count) DocC articles",
        executable: try context.tool(named: "DocExampleExtractor").url,
        arguments: [output.path] + articles.map(\.path),
        inputFiles: articles,
        outputFiles: [output])
    ]
  }
}
