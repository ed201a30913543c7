import { ChatConsole } from '@/components/console/chat-console';

export const metadata = { title: 'Console · Knowledge Search' };

export default function ConsolePage() {
  return <ChatConsole />;
}
