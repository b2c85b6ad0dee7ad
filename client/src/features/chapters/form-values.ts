import { z } from 'zod';
import { ChapterInput, emptyAddress, type Chapter, type UploadedFile } from '@app/contract';
import type { BlankableFields, FormValuesOf } from '../../components/form-kit';

type LeaderKey = 'invitationAdvisor1' | 'invitationAdvisor2' | 'invitationPresident';
type Leader<K extends LeaderKey> = Omit<BlankableFields<NonNullable<ChapterInput[K]>>, 'signatureId'> & {
  signature: UploadedFile | null;
};

/** What the chapter form edits: the contract's input, with whole files (to show them) where the input takes ids. */
export type ChapterFormValues = Omit<FormValuesOf<typeof ChapterInput>, 'logoId' | 'sclaPageImageId' | LeaderKey> & {
  logo: UploadedFile | null;
  sclaPageImage: UploadedFile | null;
} & { [K in LeaderKey]: Leader<K> };

const emptyLeader: Leader<'invitationAdvisor2'> = { name: null, email: null, signature: null };

/** The form's start: the chapter being edited, or a new one (active and accepting members, spec 01 §4). */
export function toFormValues(chapter?: Chapter): ChapterFormValues {
  if (!chapter) {
    return {
      name: '',
      abbreviation: '',
      institutionId: null,
      active: true,
      acceptingMembers: true,
      legacyId: null,
      address: { ...emptyAddress },
      logo: null,
      invitationAdvisor1: { ...emptyLeader, title: null, department: null },
      invitationAdvisor2: { ...emptyLeader },
      invitationPresident: { ...emptyLeader },
      invitationLandingPage: null,
      invitationTestimonialName: null,
      invitationTestimonialTitle: null,
      invitationTestimonialText: null,
      sclaPage: null,
      sclaPageImage: null,
    };
  }
  const { id, institution, logoUrl, createdAt, updatedAt, ...rest } = chapter;
  return { ...rest, institutionId: institution.id };
}

const fileId = (file: UploadedFile | null | undefined) => file?.id ?? null;

function toInput(values: ChapterFormValues) {
  const {
    logo,
    sclaPageImage,
    invitationAdvisor1: a1,
    invitationAdvisor2: a2,
    invitationPresident: p,
    ...rest
  } = values;
  const leader = <K extends LeaderKey>({ signature, ...l }: Leader<K>) => ({ ...l, signatureId: fileId(signature) });
  return {
    ...rest,
    logoId: fileId(logo),
    sclaPageImageId: fileId(sclaPageImage),
    invitationAdvisor1: leader(a1),
    invitationAdvisor2: leader(a2),
    invitationPresident: leader(p),
  };
}

/** The contract's ChapterInput over the form's values: the same rules and texts as the server. */
export const ChapterFormSchema = z.preprocess((v) => toInput(v as ChapterFormValues), ChapterInput);
