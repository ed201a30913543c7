// A size in bytes as people read it: "980 bytes", "19.5 KB", "20 MB" (binary units, one decimal).
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${Math.round(value * 10) / 10} ${unit}`;
}
