import { Search } from 'lucide-react';

/** The product's mark beside its name: the search glass on an indigo square (a little larger on the sign-in card). */
export function BrandMark({ large = false }: { large?: boolean }) {
  return (
    <span className={`flex ${large ? 'size-8' : 'size-7'} items-center justify-center rounded-md bg-indigo-600 text-white`} aria-hidden="true">
      <Search className="size-4" />
    </span>
  );
}
