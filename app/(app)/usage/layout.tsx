import { Suspense } from 'react';

// Every usage page keeps its period or filters in the address
// (useSearchParams), which needs a Suspense boundary above it.
export default function UsageLayout({ children }: { children: React.ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
