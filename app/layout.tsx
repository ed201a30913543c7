import type { Metadata } from 'next';
import './globals.css';
import { Providers } from '@/components/providers';
import { THEME_SCRIPT } from '@/components/theme/theme-script';

export const metadata: Metadata = {
  title: 'Knowledge Search',
  description: 'Search your documents, rate the answers, read your usage.',
  manifest: '/manifest.webmanifest',
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The inline script sets the `dark` class before the first paint, so React
    // finds a class it did not render: hence suppressHydrationWarning.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
