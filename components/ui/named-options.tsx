// The options of a select that picks one of a list of named records
// (organisations, projects, datasets): the value is the record's id, or its
// name where the API takes records by name (imports, report filters).

export function NamedOptions({ records, valueBy = 'id' }: { records: readonly { id: number; name: string }[]; valueBy?: 'id' | 'name' }) {
  return records.map((record) => (
    <option key={record.id} value={record[valueBy]}>
      {record.name}
    </option>
  ));
}
