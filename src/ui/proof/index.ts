export { ProofGallery, type ProofGalleryImage, type ProofGalleryProps } from './ProofGallery';
export { ProofDocumentButton, type ProofDocumentButtonProps } from './ProofDocumentButton';
