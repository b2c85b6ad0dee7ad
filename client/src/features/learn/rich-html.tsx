import { Typography } from '@mantine/core';
import type { ServedRichText } from '@app/contract';

/** Rich text as the server rendered and sanitised it (services/rich-text allow-lists every tag and attribute). */
export function RichHtml({ text }: { text: ServedRichText | null }) {
  if (!text?.html) return null;
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: text.html }} />
    </Typography>
  );
}
