import { useState, type ReactNode } from 'react';
import { createReactBlockSpec } from '@blocknote/react';
import { Anchor, Button, Card, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf, IconRobot } from '@tabler/icons-react';
import { RICH_TEXT_MESSAGES, wistiaEmbedUrl, wistiaMediaId, youtubeEmbedUrl, youtubeVideoId } from '@app/contract';
import { NullableNumberInput } from '../form-kit/fields';
import { uploadToEditor } from './upload';
import classes from './rich-text.module.css';

type UrlBlockProps = {
  url: string;
  label: string;
  placeholder: string;
  error: string;
  /** The embed address of a valid link, else null. */
  embed: (url: string) => string | null;
  /** Shown in place of the video when the saved link cannot be resolved. */
  unknown: string;
  editable: boolean;
  onUrl: (url: string) => void;
};

/** A video block: a link input until a correct link is saved, then the embedded player (and 'Change link'). */
function VideoLinkBlock(props: UrlBlockProps) {
  const [draft, setDraft] = useState(props.url);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(!props.url);
  const embed = props.url ? props.embed(props.url) : null;

  const save = () => {
    const url = draft.trim();
    if (!props.embed(url)) return setError(props.error);
    setError(null);
    setEditing(false);
    props.onUrl(url);
  };

  if (editing && props.editable) {
    return (
      <Group align="flex-start" gap="xs" className={classes.blockCard} contentEditable={false} wrap="nowrap">
        <TextInput
          className={classes.grow}
          aria-label={props.label}
          placeholder={props.placeholder}
          value={draft}
          error={error}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
        <Button onClick={save}>Embed</Button>
      </Group>
    );
  }
  return (
    <Stack gap={4} className={classes.blockCard} contentEditable={false}>
      {embed ? (
        <div className={classes.video}>
          <iframe src={embed} title={props.label} allowFullScreen loading="lazy" />
        </div>
      ) : (
        <Text c="dimmed">{props.unknown}</Text>
      )}
      {props.editable && (
        <Anchor component="button" type="button" size="sm" onClick={() => setEditing(true)}>
          Change link
        </Anchor>
      )}
    </Stack>
  );
}

/** Spec 03 §5: YouTube links in a youtube.com or youtu.be form. */
export const createYoutubeBlock = createReactBlockSpec(
  { type: 'youtube', propSchema: { url: { default: '' } }, content: 'none' },
  {
    render: ({ block, editor }) => (
      <VideoLinkBlock
        url={block.props.url}
        label="Youtube video link"
        placeholder="https://www.youtube.com/watch?v=..."
        error={RICH_TEXT_MESSAGES.youtube}
        embed={(url) => {
          const id = youtubeVideoId(url);
          return id && youtubeEmbedUrl(id);
        }}
        unknown="Unknown Youtube video"
        editable={editor.isEditable}
        onUrl={(url) => editor.updateBlock(block, { props: { url } })}
      />
    ),
  },
);

/** Spec 03 §5: Wistia links of the {host}/medias/{id} form; an unresolvable one shows 'Unknown Wistia video'. */
export const createWistiaBlock = createReactBlockSpec(
  { type: 'wistia', propSchema: { url: { default: '' } }, content: 'none' },
  {
    render: ({ block, editor }) => (
      <VideoLinkBlock
        url={block.props.url}
        label="Wistia video link"
        placeholder="https://yourname.wistia.com/medias/abc123"
        error={RICH_TEXT_MESSAGES.wistia}
        embed={(url) => {
          const id = wistiaMediaId(url);
          return id && wistiaEmbedUrl(id);
        }}
        unknown={RICH_TEXT_MESSAGES.unknownWistia}
        editable={editor.isEditable}
        onUrl={(url) => editor.updateBlock(block, { props: { url } })}
      />
    ),
  },
);

function PdfCard(props: { url: string; name: string; editable: boolean; upload: (file: File) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const pick = (file: File | null) => {
    if (!file) return;
    setBusy(true);
    props.upload(file).finally(() => setBusy(false));
  };
  let body: ReactNode;
  if (props.url) {
    body = (
      <Anchor href={props.url} target="_blank" rel="noopener noreferrer">
        {props.name || 'PDF document'}
      </Anchor>
    );
  } else {
    body = <Text c="dimmed">No PDF uploaded yet</Text>;
  }
  return (
    <Group gap="sm" className={classes.blockCard} contentEditable={false} wrap="nowrap">
      <IconFileTypePdf size={22} aria-hidden />
      <div className={classes.grow}>{body}</div>
      {props.editable && (
        <FileButton onChange={pick} accept="application/pdf">
          {(p) => (
            <Button {...p} size="xs" variant="default" loading={busy}>
              {props.url ? 'Replace PDF' : 'Upload PDF'}
            </Button>
          )}
        </FileButton>
      )}
    </Group>
  );
}

/** An uploaded PDF, shown to learners as a link to the file. */
export const createPdfBlock = createReactBlockSpec(
  { type: 'pdf', propSchema: { url: { default: '' }, name: { default: '' } }, content: 'none' },
  {
    render: ({ block, editor }) => (
      <PdfCard
        url={block.props.url}
        name={block.props.name}
        editable={editor.isEditable}
        upload={async (file) => {
          const url = await uploadToEditor(editor.uploadFile, file);
          if (url) editor.updateBlock(block, { props: { url, name: file.name } });
        }}
      />
    ),
  },
);

/**
 * A personalised AI video (by AI video template id). Until the AI video area lands this is a placeholder
 * card: the learner page swaps it for the account's generated video.
 */
export const createAiVideoBlock = createReactBlockSpec(
  { type: 'aiVideo', propSchema: { templateId: { default: 0, type: 'number' } }, content: 'none' },
  {
    render: ({ block, editor }) => (
      <Card withBorder padding="sm" className={classes.blockCard} contentEditable={false}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconRobot size={22} aria-hidden />
          <Stack gap={4} className={classes.grow}>
            <Text fw={500}>AI Video</Text>
            <Text size="sm" c="dimmed">
              Each learner sees their personalised video from this template.
            </Text>
            <NullableNumberInput
              aria-label="AI video template id"
              placeholder="Template id"
              allowNegative={false}
              disabled={!editor.isEditable}
              value={block.props.templateId || null}
              onChange={(id) => editor.updateBlock(block, { props: { templateId: id ?? 0 } })}
              maw={200}
            />
          </Stack>
        </Group>
      </Card>
    ),
  },
);
