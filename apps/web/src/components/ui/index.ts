export { ApiImage, imageSrcSet, imageUrl, type TApiImageProps } from './api-image';
export { Button, buttonClasses, type TButtonProps } from './button';
export { cn } from './cn';
export { ConfirmDialog, type TConfirmDialogProps } from './confirm-dialog';
export { Dialog, Sheet, type TDialogProps, type TSheetProps } from './dialog';
export { Price, type TPriceProps } from './price';
export { RichText } from './rich-text';
