/** A fieldset of check boxes choosing some of `values`; none chosen means every one. */
export function CheckboxGroup<Value extends string>({
  legend,
  name,
  values,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly Value[];
  labels: Readonly<Record<Value, string>>;
  chosen: readonly Value[];
  onChange: (chosen: Value[]) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      {values.map((value) => {
        const id = `${name}-${value}`;
        return (
          <div className="form-check" key={value}>
            <input
              className="form-check-input"
              type="checkbox"
              id={id}
              checked={chosen.includes(value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? values.filter((item) => item === value || chosen.includes(item))
                    : chosen.filter((item) => item !== value),
                )
              }
            />
            <label className="form-check-label" htmlFor={id}>
              {labels[value]}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
