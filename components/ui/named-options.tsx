// The options of a select that picks one of a list of named records
// (organisations, projects, datasets): the value is the record's id.

export function NamedOptions({ records }: { records: readonly { id: number; name: string }[] }) {
  return records.map((record) => (
    <option key={record.id} value={record.id}>
      {record.name}
    </option>
  ));
}
