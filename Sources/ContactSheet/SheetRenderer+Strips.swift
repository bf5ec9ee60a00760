import Dispatch
import IconGridSupport

/// The strip pipeline: strips are drawn on one thread (their tiles in parallel) while the
/// previous one is handed to the encoder.
extension SheetRenderer {
  /// A band of the sheet's pixel rows and the layout row it holds.
  private typealias Strip = (top: Int, height: Int, row: SheetLayout.Row?)

  /// Strips, top to bottom: strip k runs from the top of layout row k (the first from 0) to
  /// the top of row k + 1 (the last to the bottom), so it holds one row and the margin under it.
  private var strips: [Strip] {
    let rows = layout.rows
    guard !rows.isEmpty else { return [(0, layout.heightPixels, nil)] }
    return rows.indices.map { k in
      let top = k == 0 ? 0 : rows[k].yPixels
      let bottom = k + 1 < rows.count ? rows[k + 1].yPixels : layout.heightPixels
      return (top, bottom - top, rows[k])
    }
  }

  /// Draws every strip and hands each to `emit`, top to bottom.
  ///
  /// Two canvases take turns: strip k is drawn on another thread (its tiles in parallel)
  /// while this thread hands strip k − 1 to `emit` (the encoder, itself parallel), so drawing
  /// overlaps compression and memory holds two strips.
  func produce(
    delegate: (any SheetRendererDelegate)?, emit: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> SheetSummary {
    let strips = self.strips
    let maxRows = strips.map(\.height).max() ?? 1
    let canvases = [
      StripCanvas(width: layout.widthPixels, maxRows: maxRows),
      StripCanvas(width: layout.widthPixels, maxRows: maxRows),
    ]
    let drawer = DispatchQueue(label: "ContactSheet.SheetRenderer.strips")
    var report = Report(total: content.tileCount, scale: layout.options.scale)
    var drawn: StripCanvas?
    let budget = AreaBudget(limit: pixelsInFlight)
    for (index, strip) in strips.enumerated() {
      let canvas = canvases[index % 2]
      let handoff = Handoff()
      let work = DispatchWorkItem { handoff.value = drawStrip(strip, into: canvas, budget: budget) }
      drawer.async(execute: work)
      if let drawn {
        do {
          try emit(drawn.rows)
        } catch {
          work.wait()
          throw error
        }
      }
      work.wait()
      report.add(handoff.value, delegate: delegate)
      // The strip's decodes, resampling buffers and label masks were freed by the threads
      // that drew them, into arenas glibc keeps; handing those pages back after each strip
      // keeps the peak at what one strip needs (2 MB less on 5,000 icons, no time measured).
      FreedMemory.release()
      drawn = canvas
    }
    if let drawn { try emit(drawn.rows) }
    return SheetSummary(
      widthPixels: layout.widthPixels, heightPixels: layout.heightPixels, scale: layout.options.scale,
      tiles: report.total, sections: content.sections.count, missing: report.missing.names,
      unreadable: report.unreadable.names, fallbacks: report.fallbacks.names, drawnFor: report.drawnFor)
  }

  /// Draws one strip into `canvas`, its tiles' decodes weighed against `budget`; returns
  /// the outcome of each of its tiles.
  private func drawStrip(_ strip: Strip, into canvas: StripCanvas, budget: AreaBudget) -> [TileEntry] {
    canvas.reset(top: strip.top, height: strip.height, color: style.background)
    var results: [TileEntry] = []
    switch strip.row?.kind {
    case .tiles(let section, let range)?:
      let row = strip.row!
      let tiles = Array(content.sections[section].tiles[range])
      results = Parallel.map(Array(tiles.indices)) { column in
        let drawn = drawTile(tiles[column], column: column, row: row, canvas: canvas, budget: budget)
        return (tiles[column].icon, drawn.outcome, drawn.device)
      }
    case .header(let text, _)?:
      drawHeading(text, row: strip.row!, centred: false, canvas: canvas)
    case .title(let text)?:
      drawHeading(text, row: strip.row!, centred: true, canvas: canvas)
    case nil: break
    }
    if !style.background.isOpaque { canvas.unpremultiply() }
    return results
  }

  /// What has been reported so far: each name once, in sheet order.
  private struct Report {
    let total: Int
    let scale: Int
    var done = 0
    var missing = OrderedNames()
    var unreadable = OrderedNames()
    var fallbacks = OrderedNames()
    var devices = OrderedNames()
    var drawnFor: [SheetSummary.OtherDevice] = []

    init(total: Int, scale: Int) {
      self.total = total
      self.scale = scale
    }

    mutating func add(_ outcomes: [TileEntry], delegate: (any SheetRendererDelegate)?) {
      guard !outcomes.isEmpty else { return }
      for (name, outcome, device) in outcomes {
        if let device, devices.insert(name) { drawnFor.append(.init(icon: name, device: device)) }
        switch outcome {
        case .drawn: break
        case .fallback(let got):
          if fallbacks.insert(name) { delegate?.fallback(name: name, requested: scale, got: got) }
        case .missing:
          if missing.insert(name) { delegate?.missingIcon(name: name) }
        case .unreadable(let reason):
          if unreadable.insert(name) { delegate?.unreadableIcon(name: name, reason: reason) }
        }
      }
      done += outcomes.count
      delegate?.progress(done: done, total: total)
    }
  }
}

/// A tile's asset name, what became of it, and the device whose file was drawn when that is
/// not the sheet's.
private typealias TileEntry = (icon: String, outcome: SheetRenderer.TileOutcome, device: String?)

/// What a strip-drawing task hands back to the thread that waits for it.
///
/// `@unchecked Sendable` is safe because `value` is written once by that task and read only
/// after `DispatchWorkItem.wait()` returns.
private final class Handoff: @unchecked Sendable {
  var value: [TileEntry] = []
}

/// Names in first-seen order, each once.
private struct OrderedNames {
  private(set) var names: [String] = []
  private var seen: Set<String> = []
  /// Adds `name`; `true` when it was new.
  mutating func insert(_ name: String) -> Bool {
    guard seen.insert(name).inserted else { return false }
    names.append(name)
    return true
  }
}
