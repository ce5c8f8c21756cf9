import type { FieldMetadata } from '@conform-to/react'
import type { CountryOption } from '#app/lib/identity/phone'
import { Field } from './field'

/**
 * The country a phone number is read in, for a number typed without its +code: every form that
 * takes a phone number offers it, preset from the browser's language (countryFromRequest).
 */
export function CountryField({
  label,
  field,
  countries,
  defaultCountry,
}: {
  label: string
  field: FieldMetadata<string | undefined>
  countries: readonly CountryOption[]
  defaultCountry: string
}) {
  return (
    <Field label={label} errors={field.errors}>
      <select name={field.name} id={field.id} defaultValue={field.initialValue ?? defaultCountry}>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name} (+{country.callingCode})
          </option>
        ))}
      </select>
    </Field>
  )
}
