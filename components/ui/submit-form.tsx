// A form whose submit the page handles itself: the browser's own submit
// (a navigation) is prevented before `onSubmit` runs.
import type { FormHTMLAttributes } from 'react';

export function SubmitForm({ onSubmit, ...form }: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}
