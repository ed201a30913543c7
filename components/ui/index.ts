// The shared building blocks of every page.
export { cn } from './cn';
export { Button, type ButtonProps } from './button';
export { Card, CardHeader, CardBody, PageHeader } from './card';
export { Badge } from './badge';
export { Spinner, Skeleton, Skeletons, LoadingBlock, LoadingCard } from './spinner';
export { EmptyState, ErrorNote, ErrorState, errorMessage } from './states';
export { Dialog, ConfirmDialog } from './dialog';
export { FormDialog } from './form-dialog';
export { ChoiceCards, type Choice } from './choice-cards';
export { QueryView } from './query-view';
export { ListQueryView } from './list-query-view';
export { Pager } from './pager';
export { Field, Input, UrlInput, Textarea, Select } from './field';
export { ToastProvider, useToast } from './toast';
export { CopyButton } from './copy-button';
export { ProgressBar, type ProgressSegment } from './progress-bar';
export { formatNumber, formatPercent, formatDate, formatDateTime } from './format';
