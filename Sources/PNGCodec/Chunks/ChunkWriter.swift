internal import CLibPNG

// Chunk writing, shared by the encoder and the stages that rebuild a file for libpng
// (CgBI, Adam7).

func appendUInt32(_ out: inout [UInt8], _ value: UInt32) {
  out.append(UInt8(truncatingIfNeeded: value >> 24))
  out.append(UInt8(truncatingIfNeeded: value >> 16))
  out.append(UInt8(truncatingIfNeeded: value >> 8))
  out.append(UInt8(truncatingIfNeeded: value))
}

/// Appends length, type, data and CRC.
func appendChunk(_ out: inout [UInt8], type: String, data: UnsafeRawBufferPointer) {
  appendUInt32(&out, UInt32(data.count))
  let typeBytes = Array(type.utf8)
  out.append(contentsOf: typeBytes)
  out.append(contentsOf: data)
  var checksum = typeBytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, 4)) }
  if let base = data.baseAddress, data.count > 0 {
    checksum = UInt32(
      crc32(uLong(checksum), base.assumingMemoryBound(to: UInt8.self), uInt(data.count)))
  }
  appendUInt32(&out, checksum)
}
